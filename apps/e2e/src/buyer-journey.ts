// The buyer journey of issue #5, shared by the real stack (tests/journeys.spec.ts) and QA's mocked app
// (tests/mock-app.spec.ts): the same steps must pass on both, so the mocked app behaves like the real one.
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { check, expect, screenshot, SCREENSHOTS, screensDir } from './fixtures';

/**
 * A toast with exactly these words in the toast region: successes in its polite `status` part, errors in its
 * `alert` part (a badge or heading with the same words elsewhere on the page does not count). `first()`: an
 * earlier toast with the same words may still be showing.
 */
export function toast(page: Page, text: string, role: 'status' | 'alert' = 'status') {
  return expect(page.getByRole(role).getByText(text, { exact: true }).first()).toBeVisible();
}

/** My Orders' one button for an unpaid booking: "Pay to hold $320", named with the phone after it. */
export function payLink(page: Page, title: string) {
  const literal = title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return page.getByRole('link', { name: new RegExp(`^Pay to hold \\$[\\d,.]+ for ${literal}$`) });
}

export async function payWith(page: Page, card: string): Promise<void> {
  await page.getByLabel('Name on card').fill('Rahim Journey');
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  const pay = page.getByRole('button', { name: /^Hold \$\d/ });
  await expect(pay).toBeEnabled();
  await pay.click();
}

/**
 * A new buyer registers, books two Samsung phones, adds one to the cart, reports one, buys the cart's phone
 * (Ordered), pays for it with 4242… (held until the handover) and is declined with 4000 0000 0000 0002 on a booking of another phone.
 * Screenshots are named `${prefix}-NN-…`.
 */
export async function buyerJourney(page: Page, prefix: string): Promise<void> {
  const email = `buyer-${Date.now()}@recell.test`;
  await page.goto('/register');
  await check(page, `${prefix}-01-register`);
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Rahim Journey');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('journey-pass');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByRole('button', { name: /sign out/i })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await check(page, `${prefix}-02-home`);

  await page.getByRole('link', { name: 'See Products: Samsung' }).click();
  await expect(page).toHaveURL(/\/category\/02$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await check(page, `${prefix}-03-samsung`);

  const bookButtons = page.getByRole('button', { name: /^Book /, disabled: false });
  const booked: string[] = [];
  const book = async (index: number) => {
    const button = bookButtons.nth(index);
    booked.push((await button.getAttribute('aria-label'))?.replace(/^Book /, '') ?? '');
    await button.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Phone').fill('+880 1711 000111');
    await dialog.getByLabel('Meeting location').fill('Dhaka, Banani');
    return dialog;
  };
  const first = await book(0);
  await check(page, `${prefix}-04-book-modal`);
  await first.getByRole('button', { name: 'Book to meet the seller' }).click();
  await toast(page, 'Booking Confirmed');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // a booking goes straight on to holding the card; this buyer pays later, from My Orders
  await expect(page.getByRole('heading', { name: `Payment For ${booked[0]}` })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/category\/02$/);

  const addToCart = page.getByRole('button', { name: /^Add To Cart: /, disabled: false }).nth(1);
  const carted = (await addToCart.getAttribute('aria-label'))?.replace(/^Add To Cart: /, '');
  if (!carted) throw new Error('the Add To Cart button names no phone');
  await addToCart.click();
  await toast(page, 'Added to cart Confirmed');
  await page
    .getByRole('button', { name: /^Report / })
    .first()
    .click();
  // Report asks why (a reason the buyer chooses, none chosen for them, and an optional note), then sends.
  const reportDialog = page.getByRole('dialog', { name: /^Report / });
  await reportDialog.getByRole('button', { name: /Choose a reason/ }).click();
  await page.getByRole('option', { name: 'Fake listing' }).click();
  await check(page, `${prefix}-04b-report-dialog`);
  await reportDialog
    .getByRole('textbox', { name: 'Note (optional)' })
    .fill('Same pictures as a shop listing');
  await reportDialog.getByRole('button', { name: 'Send report' }).click();
  await toast(page, 'Report Submitted');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // a second booking, for the declined card
  const second = await book(1);
  await second.getByRole('button', { name: 'Book to meet the seller' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: `Payment For ${booked[1]}` })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/category\/02$/);
  await check(page, `${prefix}-05-samsung-after`);

  await page.goto('/dashboard/wishlist');
  await expect(page.getByRole('heading', { name: 'Cart' })).toBeVisible();
  await expect(page.getByRole('heading', { name: carted, level: 2 })).toBeVisible();
  const buy = page.getByRole('button', { name: `Buy ${carted}`, exact: true });
  await expect(buy).toBeEnabled();
  await check(page, `${prefix}-06-cart`);
  await buy.click();
  await toast(page, 'Booking Confirmed');
  const ordered = page.getByRole('button', { name: `${carted} ordered`, exact: true });
  await expect(ordered).toHaveText('Ordered');
  await expect(ordered).toBeDisabled();

  // the two bookings and the cart's order: one open booking per buyer per phone, so the cart's Buy of a phone
  // already booked (the second booking's) answered that booking instead of making another
  const phones = new Set([...booked, carted]).size;
  await page.goto('/dashboard');
  const payLinks = page.getByRole('link', { name: /^Pay to hold \$/ });
  await expect(payLinks).toHaveCount(phones);
  await expect(payLink(page, carted)).toHaveCount(1);
  await check(page, `${prefix}-07-orders`);

  // the cart's phone
  await payLink(page, carted).click();
  await expect(page.getByRole('heading', { name: `Payment For ${carted}` })).toBeVisible();
  // the order summary above the card form: the phone, its seller (from the listing), the price, the place
  const summary = page.getByRole('region', { name: 'Order summary' });
  await expect(summary).toContainText(carted);
  await expect(summary.getByText('Seller', { exact: true })).toBeVisible();
  await expect(summary.getByText('Meeting place', { exact: true })).toBeVisible();
  // "Name on card" starts with the account's name
  await expect(page.getByLabel('Name on card')).toHaveValue('Rahim Journey');
  await check(page, `${prefix}-08-payment`);
  await payWith(page, '4242 4242 4242 4242');
  await toast(page, 'Congrats, Payment Completed');
  const paid = page.getByRole('region', { name: /^Payment For / });
  await expect(paid.getByText('Congrats, Payment Completed')).toBeVisible();
  await expect(paid.getByText(/^Your transaction id: \S/)).toBeVisible();
  // the receipt: what happens next (focused: the form is gone) and what to check at the meetup
  await expect(paid.getByRole('heading', { name: 'What happens next' })).toBeFocused();
  await expect(paid.getByText(/dial \*#06# on the phone/)).toBeVisible();
  await expect(paid.getByText(/signed out of its cloud account/)).toBeVisible();
  await check(page, `${prefix}-09-paid`);
  if (SCREENSHOTS) {
    const viewport = page.viewportSize();
    await page.setViewportSize({ width: 375, height: 667 });
    await screenshot(page, {
      path: join(
        screensDir,
        prefix === 'buyer' ? 'payment-receipt-375.png' : `${prefix}-payment-receipt-375.png`,
      ),
      fullPage: true,
    });
    if (viewport) await page.setViewportSize(viewport);
  }

  await page.goto('/dashboard');
  // paying holds the card; 'Paid' comes when the seller enters the buyer's handover code (safe-deal.spec.ts)
  await expect(page.getByText('Payment held', { exact: true })).toBeVisible();
  // The others still wait for payment; one says Sold out instead of Pay if it is of the phone just paid for.
  const soldOut = page.getByRole('row').filter({ hasText: 'Sold out' });
  await expect.poll(async () => (await payLinks.count()) + (await soldOut.count())).toBe(phones - 1);
  if ((await soldOut.count()) > 0) await expect(soldOut).toContainText(carted);
  await check(page, `${prefix}-10-orders-paid`);

  // a booking of another phone: the one paid for above may be sold out now
  const other = booked.find((title) => title !== carted);
  if (!other) throw new Error(`both bookings are of the phone bought from the cart (${carted})`);
  await payLink(page, other).click();
  await payWith(page, '4000 0000 0000 0002');
  await expect(page.getByText('Your card was declined.')).toBeVisible();
  await check(page, `${prefix}-11-declined`);
  // the refusal was about the card as it was: changing the card clears it
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await expect(page.getByText('Your card was declined.')).toHaveCount(0);
}
