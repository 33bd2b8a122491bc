// Moderation against the real server: the demo seller lists two
// phones through the API; two fresh buyers report them (one through the Report dialog, one through the API);
// the admin sees the reports grouped by listing, dismisses one listing's, removes the other listing (its page
// is then "not found"), finds both under the status filter, reads both in the audit log, and unverifies and
// verifies the demo seller (their listing's badge goes and comes back; the seller ends verified, as seeded).
// This file runs first: it touches only its own listings and leaves the seed's reports and sellers as they were.
import { demoAccounts } from '@recell/api/fixtures';
import type { Page } from '@playwright/test';
import { join } from 'node:path';
import { accessToken, register, signIn } from '../src/accounts';
import { toast } from '../src/buyer-journey';
import { check, expect, screenshot, SCREENSHOTS, screensDir, sellerFactText, test } from '../src/fixtures';

const { admin, seller } = demoAccounts;

/** A full-page screenshot at one width, kept under test-results/screens for the closing note. */
async function screen(page: Page, name: string, width: number): Promise<void> {
  if (!SCREENSHOTS) return;
  await page.setViewportSize({ width, height: 800 });
  await screenshot(page, { path: join(screensDir, `${name}-${width}.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('an admin groups, dismisses and removes reports, reads the audit log and verifies a seller', async ({
  page,
  browser,
  baseURL,
}) => {
  // one journey with six pages checked at two widths in two themes: about two minutes on this machine
  test.slow();
  const stamp = Date.now();
  const [kept, removed] = ['Kept', 'Removed'].map((word) => `Moderation ${word} ${stamp}`) as [
    string,
    string,
  ];

  // the demo seller lists both phones through the API, with the token the app got at sign-in
  const sellerContext = await browser.newContext({ baseURL });
  const sellerPage = await sellerContext.newPage();
  await signIn(sellerPage, seller.email, seller.password);
  const sellerToken = await accessToken(sellerPage);
  const ids: Record<string, string> = {};
  for (const title of [kept, removed]) {
    const response = await sellerPage.request.post('/api/mobiles', {
      headers: { authorization: `Bearer ${sellerToken}` },
      data: {
        category_id: '02',
        title,
        picture: '/uploads/seed/m-samsung-s21.svg',
        location: 'Dhaka, Mirpur',
        resale_price: 180,
        buying_price: 600,
        Year_of_purchase: 2022,
        Year_of_uses: 2,
        Seller_name: seller.name,
        condition: 'Good',
        number_of_seller: '+880 1811 222333',
        details: '128 GB, listed for the moderation journey.',
        bookingId: `MOD-${title.length}`,
        stock: 1,
      },
    });
    expect(response.status(), await response.text()).toBe(201);
    ids[title] = ((await response.json()) as { insertedId: string }).insertedId;
  }
  await sellerContext.close();

  // a second buyer reports the kept phone through the API, so its card groups two reports
  const otherContext = await browser.newContext({ baseURL });
  const other = await otherContext.newPage();
  const otherEmail = `moderation-other-${stamp}@recell.test`;
  await register(other, 'buyer', otherEmail, { name: 'Moderation Other' });
  const reported = await other.request.post('/api/report', {
    headers: { authorization: `Bearer ${await accessToken(other)}` },
    data: { mobileId: ids[kept], Report: 'Stolen device: the IMEI is on a blocked list' },
  });
  expect(reported.status(), await reported.text()).toBe(201);
  await otherContext.close();

  // a fresh buyer reports both phones from their pages through the Report dialog
  const buyerContext = await browser.newContext({ baseURL });
  const buyer = await buyerContext.newPage();
  const buyerEmail = `moderation-buyer-${stamp}@recell.test`;
  await register(buyer, 'buyer', buyerEmail, { name: 'Moderation Buyer' });
  for (const [title, note] of [
    [kept, 'Same pictures as a shop listing'],
    [removed, ''],
  ] as const) {
    await buyer.goto(`/mobile/${ids[title]}`);
    await buyer.getByRole('button', { name: `Report ${title}` }).click();
    const dialog = buyer.getByRole('dialog', { name: `Report ${title}` });
    await dialog.getByRole('button', { name: /Choose a reason/ }).click();
    await buyer.getByRole('option', { name: 'Fake listing' }).click();
    if (note) await dialog.getByRole('textbox', { name: 'Note (optional)' }).fill(note);
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await toast(buyer, 'Report Submitted');
  }
  await buyerContext.close();

  // the admin's queue: one card a listing, with its reports
  await signIn(page, admin.email, admin.password);
  await page.goto('/dashboard/report');
  const card = (title: string) =>
    page
      .getByRole('list', { name: 'Reported listings' })
      .getByRole('listitem')
      .filter({
        has: page.getByRole('heading', { level: 2, name: title }),
      });
  await expect(card(kept).getByText('2 reports', { exact: true })).toBeVisible();
  await expect(card(kept)).toContainText('Note: Same pictures as a shop listing');
  await expect(card(kept)).toContainText('Reason: Stolen device');
  await expect(card(kept)).toContainText(`By ${buyerEmail}`);
  await expect(card(kept)).toContainText(`By ${otherEmail}`);
  await expect(card(removed).getByText('1 report', { exact: true })).toBeVisible();
  await expect(card(kept).getByRole('link', { name: kept })).toHaveAttribute('href', `/mobile/${ids[kept]}`);
  await check(page, 'admin-moderation-01-queue');
  await screen(page, 'admin-queue', 375);

  // Dismiss, confirmed: the kept phone's card leaves the open queue, the listing stays
  await page.getByRole('button', { name: `Dismiss reports on ${kept}` }).click();
  const dismiss = page.getByRole('dialog', { name: `Dismiss 2 reports on ${kept}?` });
  await expect(dismiss).toContainText('The listing stays up.');
  await check(page, 'admin-moderation-02-confirm-dismiss');
  await dismiss.getByRole('button', { name: 'Dismiss' }).click();
  await toast(page, 'Reports dismissed');
  await expect(card(kept)).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeFocused();

  // Remove listing, confirmed: the dialog says what happens to it and its bookings
  await page.getByRole('button', { name: `Remove listing ${removed}` }).click();
  const remove = page.getByRole('dialog', { name: `Remove ${removed}?` });
  await expect(remove).toContainText('Its unpaid bookings are cancelled');
  await check(page, 'admin-moderation-03-confirm-remove');
  await remove.getByRole('button', { name: 'Remove listing' }).click();
  await toast(page, 'Listing removed');
  await expect(card(removed)).toHaveCount(0);

  // the removed listing's page is gone; the kept one is still there
  await page.goto(`/mobile/${ids[removed]}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Phone not found' })).toBeVisible();
  await page.goto(`/mobile/${ids[kept]}`);
  await expect(page.getByRole('heading', { level: 1, name: kept })).toBeVisible();

  // both stay findable under the status filter, which lives in the URL
  await page.goto('/dashboard/report');
  await page.getByRole('button', { name: /Status$/ }).click();
  await page.getByRole('option', { name: 'Dismissed' }).click();
  await expect(page).toHaveURL(/\/dashboard\/report\?status=dismissed$/);
  await expect(card(kept).getByText('2 reports', { exact: true })).toBeVisible();
  await expect(card(kept).getByText('Status: Dismissed')).toHaveCount(2);
  await page.getByRole('button', { name: /Status$/ }).click();
  await page.getByRole('option', { name: 'Removed' }).click();
  await expect(page).toHaveURL(/\/dashboard\/report\?status=removed$/);
  await expect(card(removed).getByText('Status: Listing removed')).toBeVisible();
  await expect(card(removed).getByRole('button')).toHaveCount(0);
  await check(page, 'admin-moderation-04-removed');
  // the seed's open report is still in the queue for the journeys that follow
  await page.goto('/dashboard/report');
  await expect(page.getByRole('heading', { level: 2, name: 'Xiaomi Poco X5 Pro' })).toBeVisible();

  // the audit log, from the admin menu: both actions, newest first
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Audit log' }).click();
  await expect(page).toHaveURL(/\/dashboard\/auditLog$/);
  const rows = page.getByRole('region', { name: 'Audit log table' }).getByRole('row');
  await expect(rows.nth(1)).toContainText('Removed a reported listing');
  await expect(rows.nth(1)).toContainText(admin.email);
  await expect(rows.nth(2)).toContainText('Dismissed a report');
  await expect(rows.nth(3)).toContainText('Dismissed a report');
  await check(page, 'admin-moderation-05-audit');
  await screen(page, 'admin-audit', 1280);

  // verify: the demo seller (seeded verified) is unverified, their listing loses the badge, then verified again
  await page.goto(`/dashboard/users?role=seller&q=${encodeURIComponent(seller.email)}`);
  const sellerRow = page.getByRole('row').filter({ has: page.getByRole('cell', { name: seller.email }) });
  await sellerRow.getByRole('button', { name: `Unverify ${seller.name}` }).click();
  await toast(page, `${seller.name} is no longer verified`);
  await expect(sellerRow.getByRole('cell', { name: 'Not verified' })).toBeVisible();
  const verify = sellerRow.getByRole('button', { name: `Verify ${seller.name}` });
  await expect(verify).toBeFocused();
  await check(page, 'admin-moderation-06-sellers');

  // "Check an email" asks the server (getAdminStatus, getSellerStatus) about one address
  const lookup = page.getByRole('region', { name: 'Check an email' });
  await lookup.getByRole('textbox', { name: 'Email' }).fill(seller.email);
  await lookup.getByRole('button', { name: 'Check role' }).click();
  await expect(lookup.getByRole('status')).toHaveText(`${seller.email}: a seller`);
  await lookup.getByRole('textbox', { name: 'Email' }).fill('nobody@recell.test');
  await lookup.getByRole('button', { name: 'Check role' }).click();
  await expect(lookup.getByRole('status')).toHaveText(
    'nobody@recell.test: not an admin or a seller (a buyer, or no account)',
  );
  await check(page, 'admin-moderation-07-check-email');

  const sellerFact = page.locator('dt', { hasText: /^Seller$/ }).locator('+ dd');
  await page.goto(`/mobile/${ids[kept]}`);
  // the demo seller's number is verified (the seed): its mark stays whatever the admin's badge says
  await expect(sellerFact).toHaveText(sellerFactText(seller.name, 'Phone verified'));

  await page.goto(`/dashboard/users?role=seller&q=${encodeURIComponent(seller.email)}`);
  await verify.click();
  await toast(page, `${seller.name} is verified`);
  await expect(sellerRow.getByRole('cell', { name: 'Verified' })).toBeVisible();
  await page.goto(`/mobile/${ids[kept]}`);
  await expect(sellerFact).toHaveText(sellerFactText(seller.name, 'VerifiedPhone verified'));

  // and the audit log says so
  await page.goto('/dashboard/auditLog');
  await expect(rows.nth(1)).toContainText('Verified a seller');
  await expect(rows.nth(2)).toContainText('Unverified a seller');
});
