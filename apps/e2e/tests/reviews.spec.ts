// The witnessed handover and reviews between two people in two browser contexts against the
// real server: a fresh buyer books the demo seller's phone at a suggested meetup spot and pays; at the meetup the
// buyer types the phone's IMEI (once wrong, then right) and ticks the boxes on their own screen, and only then
// reads their code, which the seller enters (and nothing else); the buyer reviews the seller, whose
// view stays blind (no review on the dialog or the public profile); the seller reviews the buyer, which publishes
// both; the buyer's review is on the seller's profile /seller/:id (reached from the listing page's seller name)
// with "Verified handover", the seller replies from My Buyers and the reply shows there and on the profile. The
// seller's review of the buyer is never public (a buyer's record is the sellers' only): the buyer reads it on
// My Orders.
import { demoAccounts } from '@recell/api/fixtures';
import type { Page } from '@playwright/test';
import { register } from '../src/accounts';
import { toast } from '../src/buyer-journey';
import { imeiNotMatchedText, IMEI_CHECK_ATTEMPTS, MEETUP_UTC_OFFSET_MINUTES } from '@recell/api';
import { meetupSpotFixtures } from '@recell/api/fixtures';
import {
  api,
  bookAtSpot,
  buyerChecks,
  codeIn,
  type Listing,
  openDeal,
  pay,
  sellersListingsInStock,
  signedIn,
} from '../src/deal-steps';
import { check, expect, test } from '../src/fixtures';

const { admin, seller } = demoAccounts;
// open every day 10:00-21:00, in the Bashundhara area: among the three offered to a buyer there
const spot = meetupSpotFixtures.find((one) => one._id === 'ms-jamuna-future-park')!;

/** Noon in Dhaka two days after the deal clock's now (the demo clock may be ahead of the wall's). */
function noonInTwoDays(now: string): string {
  const dhaka = new Date(Date.parse(now) + MEETUP_UTC_OFFSET_MINUTES * 60_000 + 2 * 86_400_000);
  return `${dhaka.toISOString().slice(0, 10)}T12:00`;
}
const stamp = Date.now();
const buyer = { name: 'Rana Reviews', email: `reviews-${stamp}@recell.test`, password: 'reviews-pass' };
// unique per run, so the profile's review is this run's and no other
const buyerSays = `Phone exactly as listed, met on time (${stamp})`;
const sellerSays = `Paid and checked the phone calmly (${stamp})`;
const reply = `Thank you, enjoy the phone (${stamp})`;
const VERIFIED =
  'Verified handover: IMEI matched by the buyer, condition as described, signed out of its cloud account';

const reviewDialog = (page: Page, title: string) => page.getByRole('dialog', { name: `Review of ${title}` });
/** From the listing's page, through the seller's name, to their public profile. */
async function openProfile(page: Page, listing: Listing): Promise<void> {
  await page.goto(`/mobile/${listing._id}`);
  await page.getByRole('link', { name: seller.name, exact: true }).click();
  await expect(page).toHaveURL(/\/seller\/[\w-]+$/);
  await expect(page.getByRole('heading', { level: 1, name: seller.name })).toBeVisible();
}

const onProfile = (page: Page) => page.getByRole('article', { name: `Review by ${buyer.name}` });

test('a deal at a suggested spot, the buyer checks the phone, blind reviews both ways, Verified handover, a reply', async ({
  page,
  browser,
  baseURL,
}) => {
  await register(page, 'buyer', buyer.email, buyer);
  const [listing] = await sellersListingsInStock(page);
  if (!listing) throw new Error('no listing of the demo seller in stock');
  // The deal clock (an admin moves it forward by an hour and reads it): the meetup is on it.
  const adminPage = await signedIn(browser, baseURL, admin.email, admin.password);
  const clock = await api<{ now: string }>(adminPage, '/demo/clock', { method: 'POST', body: { hours: 1 } });
  await adminPage.context().close();
  const at = noonInTwoDays(clock.now);
  await bookAtSpot(page, listing, { area: 'Bashundhara', name: spot.name, address: spot.address, at });
  await pay(page, listing);
  // the spot is the booking's meeting place
  await page.goto('/dashboard');
  await expect(page.getByText(spot.name).first()).toBeVisible();

  // At the meetup the buyer checks the phone on their own screen: a mistyped IMEI is told, with the tries left;
  // the one *#06# shows matches; then what they saw. Only then their code shows.
  const deal = await openDeal(page, listing);
  await deal.getByRole('textbox', { name: 'IMEI shown on the phone' }).fill('490154203237518');
  await deal.getByRole('button', { name: 'Check the IMEI' }).click();
  await expect(deal.getByText(imeiNotMatchedText(IMEI_CHECK_ATTEMPTS - 1))).toBeVisible();
  await check(page, 'reviews-01-imei-not-matched');
  await buyerChecks(deal, listing, 'check');
  const code = await codeIn(deal);
  await check(page, 'reviews-01-buyer-check');

  // The seller enters the buyer's code (and nothing else): the deal completes.
  const sellerPage = await signedIn(browser, baseURL, seller.email, seller.password);
  await sellerPage.goto('/dashboard/myBuyers');
  const sellerRow = sellerPage
    .getByRole('row')
    .filter({ has: sellerPage.getByRole('cell', { name: buyer.email, exact: true }) })
    .filter({ has: sellerPage.getByRole('cell', { name: listing.title, exact: true }) });
  await sellerRow.getByRole('button', { name: `Enter handover code for ${listing.title}` }).click();
  const handover = sellerPage.getByRole('dialog', { name: `Handover of ${listing.title}` });
  await handover.getByRole('textbox', { name: 'Handover code' }).fill(code);
  await expect(handover.getByRole('checkbox')).toHaveCount(0);
  await handover.getByRole('button', { name: 'Complete the deal' }).click();
  await toast(sellerPage, `Deal complete: $${listing.resale_price} for ${listing.title} is yours`);

  // The buyer reviews the seller; it waits, blind, until the seller has written.
  await page.goto('/dashboard');
  await page.getByRole('button', { name: `Review the seller of ${listing.title}` }).click();
  const buyerDialog = reviewDialog(page, listing.title);
  await buyerDialog.getByRole('textbox', { name: 'Your review (optional)' }).fill(buyerSays);
  await buyerDialog.getByRole('button', { name: 'Save review' }).click();
  await toast(page, 'Thank you: your review is saved');
  const mine = buyerDialog.getByRole('region', { name: 'Your review of the seller' });
  await expect(mine.getByText(buyerSays, { exact: true })).toBeVisible();
  await expect(
    mine.getByText(/hidden from the seller until they review you or the window closes/),
  ).toBeVisible();
  await check(page, 'reviews-02-buyer-waiting');

  // The seller sees neither the review on the public profile nor in the deal's dialog.
  await openProfile(sellerPage, listing);
  await expect(sellerPage.getByRole('region', { name: 'About the seller' })).toBeVisible();
  await expect(onProfile(sellerPage)).toHaveCount(0);
  await expect(sellerPage.getByText(buyerSays)).toHaveCount(0);
  await sellerPage.goto('/dashboard/myBuyers');
  await sellerRow.getByRole('button', { name: `Review ${buyer.name} for ${listing.title}` }).click();
  const sellerDialog = reviewDialog(sellerPage, listing.title);
  const form = sellerDialog.getByRole('form', { name: 'Review the buyer' });
  await expect(form).toBeVisible();
  await expect(sellerDialog.getByRole('region', { name: "The buyer's review of you" })).toHaveCount(0);
  await expect(sellerDialog.getByText(buyerSays)).toHaveCount(0);
  await check(sellerPage, 'reviews-03-seller-blind');

  // The seller reviews the buyer: both are published, and the seller replies to the buyer's.
  await form.getByRole('textbox', { name: 'Your review (optional)' }).fill(sellerSays);
  await form.getByRole('button', { name: 'Save review' }).click();
  await toast(sellerPage, 'Thank you: your review is saved');
  const theirs = sellerDialog.getByRole('region', { name: "The buyer's review of you" });
  await expect(theirs.getByText(buyerSays, { exact: true })).toBeVisible();
  const replyForm = sellerDialog.getByRole('form', { name: 'Reply to this review' });
  await replyForm.getByRole('textbox', { name: 'Your public reply' }).fill(reply);
  await replyForm.getByRole('button', { name: 'Reply' }).click();
  await toast(sellerPage, 'Your reply is public');
  await expect(theirs.getByText(`Reply: ${reply}`, { exact: true })).toBeVisible();
  await expect(replyForm).toHaveCount(0);
  await check(sellerPage, 'reviews-04-seller-replied');
  await sellerPage.context().close();

  // The buyer reads the seller's review of them on My Orders...
  await page.reload();
  await page.getByRole('button', { name: `Review the seller of ${listing.title}` }).click();
  await expect(
    reviewDialog(page, listing.title)
      .getByRole('region', { name: "The seller's review of you" })
      .getByText(sellerSays, { exact: true }),
  ).toBeVisible();
  await check(page, 'reviews-05-buyer-both');

  // ...and their own on the seller's public profile, with the handover's evidence and the reply.
  await openProfile(page, listing);
  const published = onProfile(page).filter({ hasText: buyerSays });
  await expect(published.getByText(VERIFIED, { exact: true })).toBeVisible();
  await expect(published.getByText(`The seller replied: ${reply}`, { exact: true })).toBeVisible();
  await check(page, 'reviews-06-profile');
});
