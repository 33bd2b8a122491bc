// Messages between two people in two browser contexts against the real server: a fresh buyer asks the
// demo seller about a listing, the seller answers from the Inbox, the buyer books and pays, and both talk in the
// same thread, now the deal's. Each sees the other's message arrive without a reload (the live stream), the
// seller's unread count rises with the question and falls when the thread is read, and "Seen" follows.
import { demoAccounts } from '@recell/api/fixtures';
import type { Page } from '@playwright/test';
import { register } from '../src/accounts';
import { api, bookAndPay, sellersListingsInStock, signedIn } from '../src/deal-steps';
import { check, expect, test } from '../src/fixtures';

const { seller } = demoAccounts;
const buyer = {
  name: 'Mira Messages',
  email: `messages-${Date.now()}@recell.test`,
  password: 'messages-pass',
};

/** The navbar's Messages link, whose name carries the unread count. */
const messagesLink = (page: Page) =>
  page
    .getByRole('navigation')
    .first()
    .getByRole('link', { name: /^Messages( \(\d+ unread\))?$/ });

const thread = (page: Page, other: string) => page.getByRole('list', { name: `Messages with ${other}` });

async function write(page: Page, other: string, text: string): Promise<void> {
  await page.getByRole('textbox', { name: `Message to ${other}` }).fill(text);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(thread(page, other).getByText(text, { exact: true })).toBeVisible();
}

test('a buyer asks, the seller answers, they book and talk in the deal, live on both sides', async ({
  page,
  browser,
  baseURL,
}) => {
  await register(page, 'buyer', buyer.email, buyer);
  const [listing] = await sellersListingsInStock(page);
  if (!listing) throw new Error('no listing of the demo seller in stock');

  const sellerPage = await signedIn(browser, baseURL, seller.email, seller.password);
  const unreadBefore = (await api<{ unread: number }>(sellerPage, '/conversations/unread')).unread;

  // The buyer asks from the listing page and lands in the new thread.
  await page.goto(`/mobile/${listing._id}`);
  await page.getByRole('button', { name: 'Ask the seller' }).click();
  const ask = page.getByRole('dialog', { name: `Ask about ${listing.title}` });
  const question = 'Is the battery health still above 85 %?';
  await ask.getByRole('textbox', { name: 'Your question' }).fill(question);
  await ask.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByRole('heading', { name: `Messages with ${seller.name}` })).toBeVisible();
  await expect(thread(page, seller.name).getByText(question, { exact: true })).toBeVisible();
  await expect(page.getByText('Not booked yet')).toBeVisible();
  await check(page, 'messages-01-buyer-asked');

  // The seller's count rises without a reload; the Inbox leads with the question.
  await sellerPage.goto('/dashboard/messages');
  await expect(messagesLink(sellerPage)).toHaveAccessibleName(`Messages (${unreadBefore + 1} unread)`);
  await check(sellerPage, 'messages-02-seller-inbox');
  await sellerPage
    .getByRole('link', { name: new RegExp(listing.title) })
    .first()
    .click();
  await expect(thread(sellerPage, buyer.name).getByText(question, { exact: true })).toBeVisible();
  // Reading the thread marks it read: the count falls back.
  await expect(messagesLink(sellerPage)).toHaveAccessibleName(
    unreadBefore === 0 ? 'Messages' : `Messages (${unreadBefore} unread)`,
  );
  // ...and the buyer, whose thread is open, sees "Seen" under the question without a reload.
  await expect(thread(page, seller.name).getByText('Seen', { exact: true })).toBeVisible();

  const answer = 'Yes, 91 %. Never repaired.';
  await write(sellerPage, buyer.name, answer);
  await expect(thread(page, seller.name).getByText(answer, { exact: true })).toBeVisible();
  await check(sellerPage, 'messages-03-seller-answered');

  // The buyer books and pays; the same thread is now the deal's and says so at its top.
  await bookAndPay(page, listing);
  await page.goto('/dashboard');
  await page.getByRole('link', { name: `Messages about ${listing.title}` }).click();
  await expect(page.getByText('Deal: Payment held until the handover')).toBeVisible();
  await expect(thread(page, seller.name).getByText(question, { exact: true })).toBeVisible();

  await sellerPage.reload();
  await expect(sellerPage.getByText('Deal: Payment held until the handover')).toBeVisible();
  const meet = 'Can we meet at Banani 11 at 6 pm?';
  await write(page, seller.name, meet);
  await expect(thread(sellerPage, buyer.name).getByText(meet, { exact: true })).toBeVisible();
  const agreed = 'Six works. Bring your handover code.';
  await write(sellerPage, buyer.name, agreed);
  await expect(thread(page, seller.name).getByText(agreed, { exact: true })).toBeVisible();
  await check(page, 'messages-04-buyer-deal-thread');
  await check(sellerPage, 'messages-05-seller-deal-thread');
  await sellerPage.context().close();
});
