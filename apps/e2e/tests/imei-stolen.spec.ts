// Phone truth at the meetup, in three browser contexts against the real server: a buyer's card is held
// for a phone whose IMEI is clean when booked; an admin then marks that IMEI stolen in the IMEI registry; when the
// seller enters the buyer's code, the IMEI is checked again, the deal is called off, the hold let go and the listing
// taken down, and both sides see why. A fresh buyer and a listing of the demo seller's made for this test.
import { imeiRefusals } from '@recell/api';
import { demoAccounts } from '@recell/api/fixtures';
import { withCheckDigit } from '@recell/api/test-cards';
import type { Page } from '@playwright/test';
import { register } from '../src/accounts';
import { toast } from '../src/buyer-journey';
import { bookAndPay, handoverCode, listForJourney, signedIn } from '../src/deal-steps';
import { check, expect, test } from '../src/fixtures';

const { seller, admin } = demoAccounts;
// the shipped TAC row of the Redmi Note 12; serials from 700000 up, which no other spec's IMEIs use
const serial = String(700_000 + (Date.now() % 100_000));
const imei = withCheckDigit(`00101201${serial}`);
const buyer = { name: 'Imran Stolen', email: `stolen-${Date.now()}@recell.test`, password: 'stolen-journey' };

const rowOf = (page: Page, title: string) =>
  page.getByRole('row').filter({ has: page.getByRole('cell', { name: title, exact: true }) });

test('an IMEI marked stolen after the booking calls the deal off at the handover, and both sides are told', async ({
  page,
  browser,
  baseURL,
}) => {
  const sellerPage = await signedIn(browser, baseURL, seller.email, seller.password);
  // no run of six digits in the title: the buyer's code is read as the deal dialog's six digits
  const title = `Xiaomi Redmi Note 12 S${serial.slice(0, 3)}-${serial.slice(3)}`;
  const listing = await listForJourney(sellerPage, {
    title,
    price: 140,
    imei,
    details: 'Clean when listed.',
    bookingId: 'STOLEN-1',
  });
  const insertedId = listing._id;

  // the buyer sees a clean IMEI, books and pays: the card is held
  await register(page, 'buyer', buyer.email, buyer);
  await page.goto(`/mobile/${insertedId}`);
  await expect(page.locator('dt', { hasText: /^IMEI check$/ }).locator('+ dd')).toContainText(
    "IMEI clean in ReCell's registry",
  );
  await bookAndPay(page, listing);
  const code = await handoverCode(page, listing);

  // an admin marks the IMEI stolen
  const adminPage = await signedIn(browser, baseURL, admin.email, admin.password);
  await adminPage.goto('/dashboard/imei');
  await adminPage.getByRole('textbox', { name: 'IMEI' }).fill(imei);
  await adminPage.getByRole('button', { name: 'Look up' }).click();
  const mark = adminPage.getByRole('form', { name: 'Mark this IMEI' });
  await mark.getByRole('textbox', { name: 'Reason' }).fill('Police case 2211: reported stolen in Gulshan');
  await mark.getByRole('button', { name: 'Mark IMEI' }).click();
  await toast(adminPage, 'IMEI marked stolen or blocked');
  await expect(adminPage.getByText(/^Marked stolen or blocked by /)).toBeVisible();
  await check(adminPage, 'imei-stolen-01-admin');
  await adminPage.context().close();

  // at the meetup the seller enters the right code: the IMEI is checked again and the deal is called off
  await sellerPage.goto('/dashboard/myBuyers');
  const sellerRow = rowOf(sellerPage, title);
  await sellerRow.getByRole('button', { name: `Enter handover code for ${title}` }).click();
  const handover = sellerPage.getByRole('dialog', { name: `Handover of ${title}` });
  await handover.getByRole('textbox', { name: 'Handover code' }).fill(code);
  await handover.getByRole('button', { name: 'Complete the deal' }).click();
  await toast(sellerPage, imeiRefusals.blockedAtHandover.message, 'alert');
  await expect(sellerRow.getByText('IMEI blocked', { exact: true })).toBeVisible();
  await expect(sellerRow.getByRole('button', { name: `Enter handover code for ${title}` })).toHaveCount(0);
  await check(sellerPage, 'imei-stolen-02-seller');
  await sellerPage.context().close();

  // the buyer is told why, and nothing was charged
  await page.goto('/dashboard');
  await expect(rowOf(page, title)).toContainText(
    "Called off at the handover: this phone's IMEI is reported stolen or blocked. Nothing was charged",
  );
  await check(page, 'imei-stolen-03-buyer');
  // the listing's unit is withdrawn (down for review), and says so rather than "sold": nobody can book it again
  await page.goto(`/mobile/${insertedId}`);
  await expect(
    page.getByText(/^This listing is withdrawn: its IMEI is reported lost or stolen/),
  ).toBeVisible();
  await expect(page.getByText('Withdrawn', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Book / })).toBeDisabled();
});
