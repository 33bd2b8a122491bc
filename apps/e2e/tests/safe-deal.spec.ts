// The safe deal against the real server: paying holds the card, the buyer reads the handover code on
// My Orders, the seller enters it on My Buyers and the deal completes for both (and in the seller's earnings); a
// second deal expires when the demo clock (DEMO_MODE=1 in globalSetup) moves past the hold's window. A fresh
// buyer (journeys.spec.ts deletes the demo one) and the demo seller.
import { dealRefusals, HANDOVER_ATTEMPTS } from '@recell/api';
import { demoAccounts } from '@recell/api/fixtures';
import type { Page } from '@playwright/test';
import { join } from 'node:path';
import { toast } from '../src/buyer-journey';
import {
  api,
  bookAndPay,
  buyerChecks,
  type Listing,
  sellersListingsInStock,
  signedIn,
} from '../src/deal-steps';
import { check, expect, screenshot, SCREENSHOTS, screensDir, test } from '../src/fixtures';
import { register, signIn } from '../src/accounts';

test.describe.configure({ mode: 'serial' });

const { seller, admin } = demoAccounts;
const buyer = { name: 'Nadia Deal', email: `deal-${Date.now()}@recell.test`, password: 'deal-journey-pass' };

const orderRow = (page: Page, title: string) =>
  page.getByRole('row').filter({ has: page.getByRole('cell', { name: title, exact: true }) });

/** The seller's row of this buyer's booking of the listing. */
const dealRow = (page: Page, title: string) =>
  page
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: buyer.email, exact: true }) })
    .filter({ has: page.getByRole('cell', { name: title, exact: true }) });

async function at375(page: Page, file: string): Promise<void> {
  if (!SCREENSHOTS) return;
  const original = page.viewportSize();
  await page.setViewportSize({ width: 375, height: 800 });
  await screenshot(page, { path: join(screensDir, file), fullPage: true });
  if (original) await page.setViewportSize(original);
}

// as the app shows money (@recell/ui/format): no ".00" on a whole amount
const dollars = (amount: number) =>
  amount.toLocaleString('en-US', {
    style: 'currency',
    currency: 'USD',
    trailingZeroDisplay: 'stripIfInteger',
  });

let listings: Listing[] = [];

test('a buyer pays (held), gives the code, the seller enters it: complete for both, in the earnings', async ({
  page,
  browser,
  baseURL,
}) => {
  await register(page, 'buyer', buyer.email, buyer);
  listings = await sellersListingsInStock(page);
  expect(listings.length, 'two listings of the demo seller in stock').toBeGreaterThanOrEqual(2);
  const [listing] = listings as [Listing];
  await bookAndPay(page, listing);

  await page.goto('/dashboard');
  const row = orderRow(page, listing.title);
  await expect(row.getByText('Payment held', { exact: true })).toBeVisible();
  await expect(row.getByText(/\d+ days? \d+ hours? left/)).toBeVisible();
  await row.getByRole('button', { name: `Handover code for ${listing.title}` }).click();
  const deal = page.getByRole('dialog', { name: `Your deal for ${listing.title}` });
  // the buyer's own check first: the code shows once the IMEI matched and both boxes are ticked
  await expect(deal.getByRole('img', { name: /^QR code of the handover code/ })).toHaveCount(0);
  await check(page, 'deal-00-buyer-check');
  await buyerChecks(deal, listing, 'check');
  await expect(deal.getByRole('img', { name: /^QR code of the handover code \d{6}$/ })).toBeVisible();
  await expect(deal.getByText('Dhaka, Banani 11')).toBeVisible();
  await expect(deal.getByText(/dial \*#06#/)).toBeVisible();
  const code = /(?<!\d)(\d{6})(?!\d)/.exec((await deal.textContent()) ?? '')?.[1];
  expect(code, 'the handover code in the dialog').toMatch(/^\d{6}$/);
  await check(page, 'deal-01-held-code');
  await at375(page, 'deal-held-375.png');
  await deal.getByRole('button', { name: 'Done' }).click();

  const sellerPage = await signedIn(browser, baseURL, seller.email, seller.password);
  await sellerPage.goto('/dashboard/myBuyers');
  const earnings = sellerPage.getByRole('region', { name: 'Earnings' });
  const before = await api<{ completedCount: number; completedCents: number }>(
    sellerPage,
    `/earnings?email=${encodeURIComponent(seller.email)}`,
  );
  const sellerRow = dealRow(sellerPage, listing.title);
  await expect(sellerRow.getByText('Payment held', { exact: true })).toBeVisible();
  await expect(sellerRow.getByText('Dhaka, Banani 11')).toBeVisible();
  // the seller never sees the code
  await expect(sellerPage.getByText(code!, { exact: true })).toHaveCount(0);

  await sellerRow.getByRole('button', { name: `Enter handover code for ${listing.title}` }).click();
  const handover = sellerPage.getByRole('dialog', { name: `Handover of ${listing.title}` });
  const field = handover.getByRole('textbox', { name: 'Handover code' });
  await field.fill(code === '000000' ? '111111' : '000000');
  await handover.getByRole('button', { name: 'Complete the deal' }).click();
  await expect(handover.getByText(dealRefusals.wrongCode(HANDOVER_ATTEMPTS - 1).message)).toBeVisible();
  await check(sellerPage, 'deal-02-wrong-code');
  await field.fill(code!);
  await handover.getByRole('button', { name: 'Complete the deal' }).click();
  await toast(sellerPage, `Deal complete: $${listing.resale_price} for ${listing.title} is yours`);
  await expect(sellerRow.getByText('Paid', { exact: true })).toBeVisible();
  const completed = before.completedCount + 1;
  await expect(earnings).toContainText(
    `${dollars(before.completedCents / 100 + listing.resale_price)} from ${completed} ${completed === 1 ? 'deal' : 'deals'}`,
  );
  await check(sellerPage, 'deal-03-seller-complete');
  await sellerPage.context().close();

  await page.reload();
  await expect(orderRow(page, listing.title).getByText('Paid', { exact: true })).toBeVisible();
  await expect(orderRow(page, listing.title).getByText('Deal complete.')).toBeVisible();
  await check(page, 'deal-04-buyer-complete');
  await at375(page, 'deal-complete-375.png');
});

test('a held deal expires when the clock passes its window: both see Expired, the unit is back', async ({
  page,
  browser,
  baseURL,
}) => {
  const listing = listings[1];
  if (!listing) throw new Error('the first test found no second listing');
  await signIn(page, buyer.email, buyer.password);
  await bookAndPay(page, listing);
  const stockHeld = (await api<Listing>(page, `/mobile/${listing._id}`)).stock;
  expect(stockHeld).toBe(listing.stock - 1);

  const adminPage = await signedIn(browser, baseURL, admin.email, admin.password);
  const clock = await api<{ expired: number }>(adminPage, '/demo/clock', {
    method: 'POST',
    body: { hours: 121 },
  });
  expect(clock.expired).toBeGreaterThanOrEqual(1);
  await adminPage.context().close();

  await page.goto('/dashboard');
  const row = orderRow(page, listing.title);
  await expect(row.getByText('Expired', { exact: true })).toBeVisible();
  await expect(row.getByText(/The handover did not happen in time/)).toBeVisible();
  await check(page, 'deal-05-buyer-expired');
  expect((await api<Listing>(page, `/mobile/${listing._id}`)).stock).toBe(listing.stock);

  const sellerPage = await signedIn(browser, baseURL, seller.email, seller.password);
  await sellerPage.goto('/dashboard/myBuyers');
  const sellerRow = dealRow(sellerPage, listing.title);
  await expect(sellerRow.getByText('Expired', { exact: true })).toBeVisible();
  await expect(sellerRow.getByRole('button')).toHaveCount(0);
  await check(sellerPage, 'deal-06-seller-expired');
  await sellerPage.context().close();
});
