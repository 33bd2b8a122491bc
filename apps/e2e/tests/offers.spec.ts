// Offers against the real server, in two browser contexts: a buyer offers $420 on a $450 phone (the card held for
// $420), the seller counters $435, the buyer accepts it by holding $435 (the $420 let go), and the accepted offer
// is already a held deal: the buyer's code at the meetup completes it and the seller's earnings grow by $435. A
// fresh buyer, and a listing of the demo seller's made for this test (no other spec sees it).
import { offerWords } from '@recell/api';
import { demoAccounts } from '@recell/api/fixtures';
import { withCheckDigit } from '@recell/api/test-cards';
import type { Page } from '@playwright/test';
import { register } from '../src/accounts';
import { payWith, toast } from '../src/buyer-journey';
import { api, handoverCode, listForJourney, signedIn } from '../src/deal-steps';
import { check, expect, test } from '../src/fixtures';

const { seller } = demoAccounts;
// the shipped TAC row of the Redmi Note 12; serials from 600000 up, which no other spec's IMEIs use
const serial = String(600_000 + (Date.now() % 100_000));
const imei = withCheckDigit(`00101201${serial}`);
const buyer = { name: 'Omar Offer', email: `offer-${Date.now()}@recell.test`, password: 'offer-journey' };

// as the app shows money (@recell/ui/format): no ".00" on a whole amount
const dollars = (amount: number) =>
  amount.toLocaleString('en-US', {
    style: 'currency',
    currency: 'USD',
    trailingZeroDisplay: 'stripIfInteger',
  });

/** The seller's row of this buyer's deal of the listing on My Buyers. */
const dealRow = (page: Page, title: string) =>
  page
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: buyer.email, exact: true }) })
    .filter({ has: page.getByRole('cell', { name: title, exact: true }) });

test('offer $420 on $450, counter $435, accept: $435 held, the code completes it, the seller earns $435', async ({
  page,
  browser,
  baseURL,
}) => {
  const sellerPage = await signedIn(browser, baseURL, seller.email, seller.password);
  // no run of six digits in the title: the buyer's code is read as the deal dialog's six digits
  const title = `Xiaomi Redmi Note 12 O${serial.slice(0, 3)}-${serial.slice(3)}`;
  const listing = await listForJourney(sellerPage, {
    title,
    price: 450,
    imei,
    details: 'Open to offers.',
    bookingId: 'OFFER-1',
  });
  const insertedId = listing._id;
  const before = await api<{ completedCount: number; completedCents: number }>(
    sellerPage,
    `/earnings?email=${encodeURIComponent(seller.email)}`,
  );

  // the buyer offers $420: the dialog says the promise and how many offers are left, then the card is held
  await register(page, 'buyer', buyer.email, buyer);
  await page.goto(`/mobile/${insertedId}`);
  await page.getByRole('button', { name: `Make an offer for ${title}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(offerWords.promise())).toBeVisible();
  await expect(dialog.getByText(offerWords.left(3))).toBeVisible();
  await check(page, 'offer-01-dialog');
  await dialog.getByRole('textbox', { name: 'Your offer (dollars)' }).fill('420');
  await dialog.getByRole('button', { name: 'Offer and hold my card' }).click();
  await payWith(page, '4242 4242 4242 4242');
  await toast(page, 'Offer sent: the seller has 24 hours');
  const mine = page.getByRole('article', { name: `Offer for ${title}` });
  await expect(mine.getByText(offerWords.status('pending'), { exact: true })).toBeVisible();
  await expect(mine.getByText('Held on your card', { exact: true })).toBeVisible();
  await check(page, 'offer-02-held');

  // the seller sees it on My Buyers' Offers tab, with the card held, and counters $435
  await sellerPage.goto('/dashboard/myBuyers/offers');
  const offer = sellerPage.getByRole('article', { name: `Offer for ${title}` });
  await expect(offer.getByText(dollars(420)).first()).toBeVisible();
  await check(sellerPage, 'offer-03-seller-pending');
  await sellerPage.getByRole('button', { name: `Counter ${buyer.name}'s offer for ${title}` }).click();
  const counter = sellerPage.getByRole('dialog');
  await counter.getByRole('textbox', { name: 'Your price (dollars)' }).fill('435');
  await counter.getByRole('button', { name: 'Send counter' }).click();
  await expect(offer.getByText(offerWords.status('countered', 'seller'), { exact: true })).toBeVisible();

  // the buyer accepts the counter by holding $435: the accepted offer is the held deal
  await page.goto('/dashboard/offers');
  await page.getByRole('link', { name: `Accept ${dollars(435)} for ${title}` }).click();
  await payWith(page, '4242 4242 4242 4242');
  await toast(page, 'Counter accepted: the deal is held');
  await expect(page.getByText(offerWords.held(435), { exact: false })).toBeVisible();
  await check(page, 'offer-04-accepted-held');
  const code = await handoverCode(page, listing, 'skip');

  // the seller enters the code at the meetup: complete, and $435 more in the earnings
  await sellerPage.goto('/dashboard/myBuyers');
  const row = dealRow(sellerPage, title);
  await expect(row.getByText('Payment held', { exact: true })).toBeVisible();
  await row.getByRole('button', { name: `Enter handover code for ${title}` }).click();
  const handover = sellerPage.getByRole('dialog', { name: `Handover of ${title}` });
  await handover.getByRole('textbox', { name: 'Handover code' }).fill(code);
  await handover.getByRole('button', { name: 'Complete the deal' }).click();
  await toast(sellerPage, `Deal complete: $435 for ${title} is yours`);
  const completed = before.completedCount + 1;
  await expect(sellerPage.getByRole('region', { name: 'Earnings' })).toContainText(
    `${dollars(before.completedCents / 100 + 435)} from ${completed} ${completed === 1 ? 'deal' : 'deals'}`,
  );
  await check(sellerPage, 'offer-05-seller-complete');
  await sellerPage.context().close();
});
