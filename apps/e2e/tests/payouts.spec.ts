// The seller's money out, against the real server in three browser contexts (seller, buyer, admin): a $435 deal
// completes, the seller sees $435 pending through the claim window, the demo clock moves 48 hours, it becomes
// available, the seller adds a bank account with the local provider and is paid out to the account ending 6789.
// A second deal's buyer reports a hidden problem inside the window and the admin refunds it. A fresh seller (no
// other spec's earnings) and a fresh buyer.
import { claimKindWords, LOCAL_PAYOUT_ACCOUNTS } from '@recell/api';
import { demoAccounts } from '@recell/api/fixtures';
import { withCheckDigit } from '@recell/api/test-cards';
import type { Page } from '@playwright/test';
import { register, verifySellerPhone } from '../src/accounts';
import { toast } from '../src/buyer-journey';
import { api, bookAndPay, handoverCode, type Listing, signedIn } from '../src/deal-steps';
import { check, expect, test } from '../src/fixtures';

test.describe.configure({ mode: 'serial' });

const { admin } = demoAccounts;
const stamp = Date.now();
const seller = {
  name: 'Parvin Payout',
  email: `payout-seller-${stamp}@recell.test`,
  password: 'payout-seller',
};
const buyer = { name: 'Babul Payout', email: `payout-buyer-${stamp}@recell.test`, password: 'payout-buyer' };
// the shipped TAC row of the Redmi Note 12; serials from 700000 up, which no other spec's IMEIs use
const serial = (n: number) => String(700_000 + ((stamp + n) % 100_000)).padStart(6, '0');

/** A listing of this seller's for the journey, with its own IMEI: one unit at `price`. */
async function listOne(sellerPage: Page, n: number, price: number): Promise<Listing> {
  const s = serial(n);
  // no run of six digits in the title: the buyer's code is read as the deal dialog's six digits
  const title = `Xiaomi Redmi Note 12 P${s.slice(0, 3)}-${s.slice(3)}`;
  const { insertedId } = await api<{ insertedId: string }>(sellerPage, '/mobiles', {
    method: 'POST',
    body: {
      category_id: '01',
      title,
      picture: '/uploads/seed/m-apple-iphone-13.svg',
      location: 'Dhaka, Mirpur 10',
      resale_price: price,
      buying_price: price * 2,
      Year_of_purchase: 2023,
      Year_of_uses: 1,
      Seller_name: seller.name,
      condition: 'Good',
      number_of_seller: '+880 1911 222333',
      details: 'For the payouts journey.',
      bookingId: `PAYOUT-${n}`,
      stock: 1,
      imei: withCheckDigit(`00101201${s}`),
    },
  });
  return { _id: insertedId, title, email: seller.email, stock: 1, resale_price: price };
}

/** The buyer books and pays, reads their code (skipping the check), and the seller enters it on My Buyers. */
async function completeDeal(buyerPage: Page, sellerPage: Page, listing: Listing): Promise<void> {
  await bookAndPay(buyerPage, listing);
  const code = await handoverCode(buyerPage, listing, 'skip');
  await sellerPage.goto('/dashboard/myBuyers');
  const row = sellerPage
    .getByRole('row')
    .filter({ has: sellerPage.getByRole('cell', { name: listing.title, exact: true }) });
  await row.getByRole('button', { name: `Enter handover code for ${listing.title}` }).click();
  const handover = sellerPage.getByRole('dialog', { name: `Handover of ${listing.title}` });
  await handover.getByRole('textbox', { name: 'Handover code' }).fill(code);
  await handover.getByRole('button', { name: 'Complete the deal' }).click();
  await toast(sellerPage, `Deal complete: $${listing.resale_price} for ${listing.title} is yours`);
}

test('a deal completes: $435 pending, 48 hours later available, the seller onboards and is paid out', async ({
  page,
  browser,
  baseURL,
}) => {
  await register(page, 'seller', seller.email, seller);
  await verifySellerPhone(page);
  const sellerPage = page;
  const listing = await listOne(sellerPage, 1, 435);

  const buyerContext = await browser.newContext({ ...(baseURL ? { baseURL } : {}) });
  const buyerPage = await buyerContext.newPage();
  await register(buyerPage, 'buyer', buyer.email, buyer);
  await completeDeal(buyerPage, sellerPage, listing);

  // pending through the claim window, with the day it becomes available
  await sellerPage.goto('/dashboard/payouts');
  const earning = sellerPage.getByRole('row').filter({ hasText: listing.title });
  await expect(earning).toContainText('$435');
  await expect(earning).toContainText(/Available on /);
  await expect(sellerPage.getByRole('button', { name: /Pay out/ })).toBeDisabled();
  await check(sellerPage, 'payouts-01-pending');

  // the demo clock moves 48 hours: the window closes and the money is available
  const adminPage = await signedIn(browser, baseURL, admin.email, admin.password);
  await api(adminPage, '/demo/clock', { method: 'POST', body: { hours: 49 } });
  await sellerPage.reload();
  await expect(earning).toContainText('Available');

  // the seller adds a bank account with the local provider (verified at once), then pays out
  await sellerPage.getByRole('button', { name: /Add bank account/ }).click();
  await expect(sellerPage).toHaveURL(/\/dashboard\/payouts\/onboarding$/);
  await check(sellerPage, 'payouts-02-onboarding');
  await sellerPage.getByRole('textbox', { name: /holder/i }).fill(seller.name);
  await sellerPage.getByRole('textbox', { name: /routing/i }).fill(LOCAL_PAYOUT_ACCOUNTS.routingNumber);
  await sellerPage.getByRole('textbox', { name: /account number/i }).fill(LOCAL_PAYOUT_ACCOUNTS.verified);
  await sellerPage.getByRole('button', { name: 'Save bank account' }).click();
  await expect(sellerPage).toHaveURL(/\/dashboard\/payouts$/);
  await sellerPage.getByRole('button', { name: 'Pay out $435.00 now' }).click();
  await expect(earning).toContainText(/Paid out .* to the account ending 6789/);
  await check(sellerPage, 'payouts-03-paid-out');

  const earnings = await api<{ paidOutCents: number; availableCents: number }>(
    sellerPage,
    `/earnings?email=${encodeURIComponent(seller.email)}`,
  );
  expect(earnings).toMatchObject({ paidOutCents: 43_500, availableCents: 0 });
  await adminPage.context().close();
  await buyerContext.close();
});

test('a second deal: the buyer reports a hidden problem inside the window, and the admin refunds it', async ({
  browser,
  baseURL,
}) => {
  const sellerPage = await signedIn(browser, baseURL, seller.email, seller.password);
  const listing = await listOne(sellerPage, 2, 300);
  const buyerPage = await signedIn(browser, baseURL, buyer.email, buyer.password);
  await completeDeal(buyerPage, sellerPage, listing);

  // the buyer reports it from My Orders, with the window said where they decide
  await buyerPage.goto('/dashboard');
  await buyerPage.getByRole('button', { name: `Report a hidden problem with ${listing.title}` }).click();
  const dialog = buyerPage.getByRole('dialog');
  await expect(dialog).toContainText('report a hidden problem the meetup could not show');
  await dialog.getByText(claimKindWords.activation_lock).click();
  await dialog
    .getByRole('textbox', { name: /What happened/ })
    .fill('After a restart it asked for the previous owner’s account.');
  await check(buyerPage, 'payouts-04-claim-dialog');
  await dialog.getByRole('button', { name: 'Send the report' }).click();
  await expect(buyerPage.getByText('Claim open: ReCell decides')).toBeVisible();

  // the seller sees the money on hold
  await sellerPage.goto('/dashboard/payouts');
  await expect(sellerPage.getByRole('row').filter({ hasText: listing.title })).toContainText('On hold');

  // the admin refunds it from the queue, with a reason; the buyer sees it refunded
  const adminPage = await signedIn(browser, baseURL, admin.email, admin.password);
  await adminPage.goto('/dashboard/claims');
  await adminPage.getByRole('link', { name: new RegExp(listing.title) }).click();
  await adminPage.getByRole('textbox', { name: /Reason/ }).fill('The lock is the seller’s to remove.');
  await adminPage.getByRole('button', { name: 'Refund $300.00 to the buyer' }).click();
  await expect(adminPage.getByText('Refunded to the buyer').first()).toBeVisible();
  await check(adminPage, 'payouts-05-admin-refunded');

  await sellerPage.reload();
  await expect(sellerPage.getByRole('row').filter({ hasText: listing.title })).toContainText('Refunded');
  await buyerPage.reload();
  await expect(buyerPage.getByText('Refunded to the buyer')).toBeVisible();
  const earnings = await api<{ refundedCents: number; paidOutCents: number }>(
    sellerPage,
    `/earnings?email=${encodeURIComponent(seller.email)}`,
  );
  expect(earnings).toMatchObject({ refundedCents: 30_000, paidOutCents: 43_500 });
  for (const p of [sellerPage, buyerPage, adminPage]) await p.context().close();
});
