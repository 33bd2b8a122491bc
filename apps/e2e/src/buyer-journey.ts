// The buyer journey of issue #5, shared by the real stack (tests/journeys.spec.ts) and QA's mocked app
// (tests/mock-app.spec.ts): the same steps must pass on both, so the mocked app behaves like the real one.
import type { Page } from '@playwright/test';
import { check, expect } from './fixtures';

export function toast(page: Page, text: string | RegExp) {
  return expect(page.getByText(text).first()).toBeVisible();
}

async function payWith(page: Page, card: string): Promise<void> {
  await page.getByLabel('Name on card').fill('Rahim Journey');
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  const pay = page.getByRole('button', { name: 'Pay', exact: true });
  await expect(pay).toBeEnabled();
  await pay.click();
}

/**
 * A new buyer registers, books two Samsung phones, adds one to the cart, reports one, pays for the first booking
 * with 4242… (Paid) and is declined with 4000 0000 0000 0002 on the second. Screenshots are named `${prefix}-NN-…`.
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
  const book = async (index: number) => {
    await bookButtons.nth(index).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Phone').fill('+880 1711 000111');
    await dialog.getByLabel('Meeting location').fill('Dhaka, Banani');
    return dialog;
  };
  const first = await book(0);
  await check(page, `${prefix}-04-book-modal`);
  await first.getByRole('button', { name: 'Submit' }).click();
  await toast(page, 'Booking Confirmed');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page
    .getByRole('button', { name: /^Add To Cart: /, disabled: false })
    .nth(1)
    .click();
  await toast(page, 'Added to cart Confirmed');
  await page
    .getByRole('button', { name: /^Report / })
    .first()
    .click();
  await toast(page, 'Report Submitted');

  // a second booking, for the declined card
  const second = await book(1);
  await second.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await check(page, `${prefix}-05-samsung-after`);

  await page.goto('/dashboard/wishlist');
  await expect(page.getByRole('heading', { name: 'Cart' })).toBeVisible();
  await expect(page.getByRole('listitem')).not.toHaveCount(0);
  await check(page, `${prefix}-06-cart`);

  await page.goto('/dashboard');
  const payLinks = page.getByRole('link', { name: /^Pay for / });
  await expect(payLinks).toHaveCount(2);
  await check(page, `${prefix}-07-orders`);

  await payLinks.first().click();
  await expect(page.getByRole('heading', { name: /^Payment For / })).toBeVisible();
  await check(page, `${prefix}-08-payment`);
  await payWith(page, '4242 4242 4242 4242');
  await expect(page.getByText('Congrats, Payment Completed')).toBeVisible();
  await check(page, `${prefix}-09-paid`);

  await page.goto('/dashboard');
  await expect(page.getByText('Paid', { exact: true })).toBeVisible();
  await expect(payLinks).toHaveCount(1);
  await check(page, `${prefix}-10-orders-paid`);

  await payLinks.first().click();
  await payWith(page, '4000 0000 0000 0002');
  await expect(page.getByText('Your card was declined.')).toBeVisible();
  await check(page, `${prefix}-11-declined`);
}
