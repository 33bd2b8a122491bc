// From a shared link to a held card at 375 px: a visitor opens a phone's page, logs in from its
// sticky bar and comes back to it, books, and is taken straight on to holding the card. Every click a person makes
// is counted (at most 5 from the listing to "held"), and on each screen the next step is on the first screen,
// without scrolling: Playwright's toBeInViewport() on the step before it is taken.
import { safeDealWords } from '@recell/api';
import type { Locator, Page } from '@playwright/test';
import { register } from '../src/accounts';
import { api, type Listing } from '../src/deal-steps';
import { check, expect, test } from '../src/fixtures';

// an iPhone SE: the most common small phone, and the shortest common screen (667 px)
test.use({ viewport: { width: 375, height: 667 } });

/** The seeded listing with the most units left (another journey on this worker's database may buy one). */
async function listingInStock(signedIn: Page): Promise<Listing> {
  const all: Listing[] = [];
  for (const category of ['01', '02', '03'])
    all.push(...(await api<{ items: Listing[] }>(signedIn, `/mobiles/${category}?pageSize=50`)).items);
  const best = all.filter((listing) => listing.stock > 0).sort((a, b) => b.stock - a.stock)[0];
  if (!best) throw new Error('no listing in stock');
  return best;
}

test('a visitor from a shared link logs in, books and holds the card in at most 5 clicks, each next step on the first screen', async ({
  page,
  browser,
  baseURL,
}) => {
  // the journey's own buyer, signed up in another browser: this one starts as a visitor with a shared link
  const other = await browser.newContext({
    ...(baseURL ? { baseURL } : {}),
    viewport: { width: 1280, height: 800 },
  });
  const signedUp = await other.newPage();
  const buyer = await register(signedUp, 'buyer', `shared-link-${Date.now()}@recell.test`, {
    name: 'Shirin Shared',
  });
  // what to share: the phone's page of a listing in stock (the list is for signed-in people)
  const listing = await listingInStock(signedUp);
  await other.close();
  const price = `$${listing.resale_price}`;
  const listingPath = `/mobile/${listing._id}`;

  let clicks = 0;
  /** A person's click on the next step, which must be on the screen as it is (no scrolling to find it). */
  const tap = async (step: Locator) => {
    await expect(step).toBeInViewport();
    clicks += 1;
    await step.click();
  };

  // 1. the shared link, as a visitor: the sticky bar with the price and "Log in to book", the safe-deal line
  await page.goto(listingPath);
  await expect(page.getByRole('heading', { level: 1, name: listing.title })).toBeVisible();
  const logInToBook = page.getByRole('link', { name: `Log in to book ${listing.title}` });
  await expect(logInToBook).toBeInViewport();
  await expect(logInToBook.locator('..')).toContainText(price);
  // the bar covers nothing of the page's own price
  const pagePrice = page.getByText(`Price: ${price}`, { exact: true });
  await expect(pagePrice).toBeInViewport();
  const priceBox = await pagePrice.boundingBox();
  const barBox = await logInToBook.locator('..').boundingBox();
  expect(priceBox && barBox && priceBox.y + priceBox.height <= barBox.y).toBe(true);
  await expect(page.getByText(safeDealWords.short(), { exact: false })).toBeVisible();
  await expect(
    page.getByRole('link', { name: `Log in to ask the seller about ${listing.title}` }),
  ).toBeVisible();
  await check(page, 'shared-link-01-visitor-375');
  await tap(logInToBook);

  // 2. log in, and back to the phone
  await expect(page).toHaveURL(new RegExp(`/login\\?from=${encodeURIComponent(listingPath)}$`));
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(buyer.email);
  await page.getByLabel('Password', { exact: true }).fill(buyer.password);
  await check(page, 'shared-link-02-login-375');
  await tap(page.getByRole('button', { name: 'Login' }));
  await expect(page).toHaveURL(new RegExp(`${listingPath}$`));

  // 3. the same page, signed in: Book in the same place
  const book = page.getByRole('button', { name: `Book ${listing.title}` });
  await expect(book).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Ask the seller' })).toBeVisible();
  await check(page, 'shared-link-03-buyer-375');
  await tap(book);

  // 4. the booking: its first question has focus; "Another place" in the buyer's words needs no clicks
  const dialog = page.getByRole('dialog', { name: listing.title });
  await expect(dialog.getByLabel('Phone')).toBeFocused();
  await expect(dialog.getByLabel('Phone')).toBeInViewport();
  await dialog.getByLabel('Phone').fill('+880 1711 000375');
  await dialog.getByLabel('Meeting location').fill('Dhaka, Banani 11');
  await check(page, 'shared-link-04-book-375');
  await tap(dialog.getByRole('button', { name: 'Book to meet the seller' }));

  // 5. straight on to holding the card: no trip through My Orders
  await expect(page).toHaveURL(/\/dashboard\/payment\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1, name: `Payment For ${listing.title}` })).toBeVisible();
  // on arrival, before any scrolling: what is held and the card's first field
  await expect(page.getByText(`Please Pay ${price}`)).toBeInViewport();
  await expect(page.getByLabel('Card number')).toBeInViewport();
  await page.getByLabel('Name on card').fill('Shirin Shared');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  const hold = page.getByRole('button', { name: `Hold ${price}` });
  await expect(hold).toBeEnabled();
  await check(page, 'shared-link-05-pay-375');
  await tap(hold);

  // held: said at the top; the receipt's "What happens next" takes focus, with the next step (the code, in My
  // Orders) under it on the screen
  await expect(page.getByText(`${price} held on your card until the handover`)).toBeVisible();
  const whatNext = page.getByRole('heading', { name: 'What happens next' });
  await expect(whatNext).toBeFocused();
  await expect(whatNext).toBeInViewport();
  await expect(
    page.getByRole('link', { name: 'Check the phone and get your handover code in My Orders' }),
  ).toBeInViewport();
  expect(clicks).toBeLessThanOrEqual(5);
  await check(page, 'shared-link-06-held-375');

  // the listing now says where this buyer's deal stands, and its next step is the code
  await page.goto(listingPath);
  await expect(page.getByText('Your card is held', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: `Your handover code for ${listing.title}` })).toBeInViewport();
});
