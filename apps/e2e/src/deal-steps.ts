// The steps of a deal that several journeys take (safe-deal, messages): calling the API as the signed-in page,
// finding the demo seller's listings, booking and paying, and another person in their own browser context.
import { safeDealWords } from '@recell/api';
import { demoAccounts, seedImeis } from '@recell/api/fixtures';
import type { Browser, Locator, Page } from '@playwright/test';
import { accessToken, signIn } from './accounts';
import { payLink, payWith, toast } from './buyer-journey';
import { expect } from './fixtures';

const { seller } = demoAccounts;

export interface Listing {
  _id: string;
  title: string;
  email: string;
  stock: number;
  resale_price: number;
}

/** A call to the API from the page, with the signed-in session's token. */
export async function api<T>(
  page: Page,
  path: string,
  init: { method?: string; body?: unknown } = {},
): Promise<T> {
  const token = await accessToken(page);
  return (await page.evaluate(
    async ({ path, method, body, token }) => {
      const response = await fetch(`/api${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
      return response.json();
    },
    { path, method: init.method ?? 'GET', body: init.body, token },
  )) as T;
}

/**
 * The demo seller's seeded listings in stock (their IMEIs are the seed's, which the buyer's check types) whose
 * titles no other listing shares (rows are found by title). A listing another journey of this worker added is not
 * one of them.
 */
export async function sellersListingsInStock(page: Page): Promise<Listing[]> {
  const all: Listing[] = [];
  for (const category of ['01', '02', '03']) {
    const { items } = await api<{ items: Listing[] }>(page, `/mobiles/${category}?pageSize=50`);
    all.push(...items);
  }
  const count = (title: string) => all.filter((listing) => listing.title === title).length;
  return all.filter(
    (listing) =>
      listing.email === seller.email &&
      listing.stock > 0 &&
      seedImeis.has(listing._id) &&
      count(listing.title) === 1,
  );
}

/**
 * A listing of the demo seller's made for one journey (no other spec sees it), with its own IMEI: one unit,
 * at `price`. No run of six digits in `title`: the buyer's code is read as the deal dialog's six digits.
 */
export async function listForJourney(
  sellerPage: Page,
  listing: { title: string; price: number; imei: string; details: string; bookingId: string },
): Promise<Listing> {
  const { insertedId } = await api<{ insertedId: string }>(sellerPage, '/mobiles', {
    method: 'POST',
    body: {
      category_id: '01',
      title: listing.title,
      picture: '/uploads/seed/m-apple-iphone-13.svg',
      location: 'Dhaka, Mirpur 10',
      resale_price: listing.price,
      // what it cost new: above what it sells for
      buying_price: listing.price * 2,
      Year_of_purchase: 2023,
      Year_of_uses: 1,
      Seller_name: seller.name,
      condition: 'Good',
      number_of_seller: '+880 1911 222333',
      details: listing.details,
      bookingId: listing.bookingId,
      stock: 1,
      imei: listing.imei,
    },
  });
  return {
    _id: insertedId,
    title: listing.title,
    email: seller.email,
    stock: 1,
    resale_price: listing.price,
  };
}

/** Books the listing from its page (not paid yet): the booking goes on to its payment screen. */
export async function book(page: Page, listing: Listing): Promise<void> {
  await page.goto(`/mobile/${listing._id}`);
  await page.getByRole('button', { name: `Book ${listing.title}`, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Phone').fill('+880 1711 000222');
  await dialog.getByLabel('Meeting location').fill('Dhaka, Banani 11');
  await dialog.getByRole('button', { name: 'Book to meet the seller' }).click();
  await toast(page, 'Booking Confirmed');
}

/**
 * Books the listing from its page at a suggested meetup spot: the buyer's area, one of the three spots
 * offered, and a time (`at`, Dhaka's wall clock as the field takes it: `2026-12-01T12:00`) in its hours.
 */
export async function bookAtSpot(
  page: Page,
  listing: Listing,
  spot: { area: string; name: string; address: string; at: string },
): Promise<void> {
  await page.goto(`/mobile/${listing._id}`);
  await page.getByRole('button', { name: `Book ${listing.title}`, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Phone').fill('+880 1711 000222');
  await dialog.getByRole('button', { name: /Your area/ }).click();
  await page.getByRole('option', { name: spot.area, exact: true }).click();
  // three spots and "Another place", once the suggestions have come
  await expect(dialog.getByRole('radio')).toHaveCount(4);
  const chosen = dialog.getByRole('radio', { name: new RegExp(`^${spot.name}`) });
  // react-aria's radio hides its input under the label
  await chosen.check({ force: true });
  await expect(chosen).toBeChecked();
  await expect(dialog.getByText(spot.address)).toBeVisible();
  await dialog.getByLabel('When to meet (Dhaka time)').fill(spot.at);
  await dialog.getByRole('button', { name: 'Book to meet the seller' }).click();
  await toast(page, 'Booking Confirmed');
}

/** Books the listing from its page and pays with the test card: the card is held. */
export async function bookAndPay(page: Page, listing: Listing): Promise<void> {
  await book(page, listing);
  await pay(page, listing);
}

/** Pays for the listing's booking from My Orders with the test card: the card is held. */
export async function pay(page: Page, listing: Listing): Promise<void> {
  await page.goto('/dashboard');
  await payLink(page, listing.title).click();
  await payWith(page, '4242 4242 4242 4242');
  await toast(page, 'Congrats, Payment Completed');
  const paid = page.getByRole('region', { name: /^Payment For / });
  await expect(paid.getByText(/^Your transaction id: \S/)).toBeVisible();
  await expect(paid.getByText(safeDealWords.whole())).toBeVisible();
}

/** Another person in their own browser context (axe's Playwright builder needs a page of one). */
export async function signedIn(
  browser: Browser,
  baseURL: string | undefined,
  email: string,
  password: string,
) {
  const context = await browser.newContext({ ...(baseURL ? { baseURL } : {}) });
  const page = await context.newPage();
  await signIn(page, email, password);
  return page;
}

/**
 * The buyer's own check at the meetup, in their deal's dialog, before their code shows: `'check'`
 * types the phone's IMEI as *#06# shows it (the seed's; the app never shows it) and ticks both boxes; `'skip'`
 * skips the check.
 */
export async function buyerChecks(deal: Locator, listing: Listing, how: 'check' | 'skip'): Promise<void> {
  await expect(deal.getByRole('heading', { name: 'Check the phone' })).toBeVisible();
  if (how === 'skip') {
    await deal.getByRole('button', { name: 'Skip the check' }).click();
    await expect(deal.getByText(/does not count as a verified handover/)).toBeVisible();
    return;
  }
  const imei = seedImeis.get(listing._id);
  if (!imei) throw new Error(`no seed IMEI for ${listing.title}`);
  await deal.getByRole('textbox', { name: 'IMEI shown on the phone' }).fill(imei);
  await deal.getByRole('button', { name: 'Check the IMEI' }).click();
  await expect(deal.getByText('IMEI matched: this is the phone you booked.')).toBeVisible();
  for (const item of [
    'The condition matches the listing: screen, body, buttons, camera and charging',
    'The phone is signed out of its cloud account (Apple ID or Google account)',
  ]) {
    // react-aria's checkbox hides its input under the label, which takes the click
    await deal.getByText(item, { exact: true }).click();
    await expect(deal.getByRole('checkbox', { name: item })).toBeChecked();
  }
  await deal.getByRole('button', { name: 'Show my handover code' }).click();
  await expect(deal.getByText(/counts as a verified handover/)).toBeVisible();
}

/** The buyer's deal dialog on My Orders, where their check and their code are. */
export async function openDeal(page: Page, listing: Listing): Promise<Locator> {
  await page.goto('/dashboard');
  await page.getByRole('button', { name: `Handover code for ${listing.title}` }).click();
  return page.getByRole('dialog', { name: `Your deal for ${listing.title}` });
}

/**
 * The buyer's handover code, read from their deal's dialog on My Orders after their check (or skipping it), as
 * `how` says (the dialog is left open).
 */
export async function handoverCode(
  page: Page,
  listing: Listing,
  how: 'check' | 'skip' = 'skip',
): Promise<string> {
  const deal = await openDeal(page, listing);
  await buyerChecks(deal, listing, how);
  return codeIn(deal);
}

/** The handover code the deal's dialog shows once the buyer's check is done or skipped. */
export async function codeIn(deal: Locator): Promise<string> {
  await expect(deal.getByRole('img', { name: /^QR code of the handover code \d{6}$/ })).toBeVisible();
  const code = /(?<!\d)(\d{6})(?!\d)/.exec((await deal.textContent()) ?? '')?.[1];
  expect(code, 'the handover code in the dialog').toMatch(/^\d{6}$/);
  return code!;
}
