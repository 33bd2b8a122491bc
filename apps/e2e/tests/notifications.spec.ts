// Notifications in three browser contexts against the real server and its local SMTP server (demo
// mode): a fresh buyer books the demo seller's listing and the seller's bell counts it without a reload (the live
// stream); the demo admin finds the booking's email on the demo mail page; the buyer turns message email off in
// the settings, and the seller's next message sends the buyer none (the demo mail list holds no such email, once
// a later email of the same worker has arrived).
import { demoAccounts } from '@recell/api/fixtures';
import type { Page } from '@playwright/test';
import { register } from '../src/accounts';
import { toast } from '../src/buyer-journey';
import { api, book, sellersListingsInStock, signedIn } from '../src/deal-steps';
import { check, expect, test } from '../src/fixtures';

const { seller, admin } = demoAccounts;
const buyer = {
  name: 'Nadia Notified',
  email: `notified-${Date.now()}@recell.test`,
  password: 'notified-pass',
};

interface CaughtMailSummary {
  _id: string;
  to: string;
  subject: string;
}

/** The navbar's bell, whose name carries the unread count. */
const bell = (page: Page) =>
  page
    .getByRole('navigation')
    .first()
    .getByRole('link', { name: /^Notifications(, \S+ unread)?$/ });

const bellName = (unread: number) => (unread > 0 ? `Notifications, ${unread} unread` : 'Notifications');

/** Every email the local SMTP server caught, as the admin's demo mail page lists them. */
const caughtMail = async (adminPage: Page) =>
  (await api<{ items: CaughtMailSummary[] }>(adminPage, '/mail?pageSize=100')).items;

test("the seller's bell rings live, the email is on the demo mail page, and message email turns off", async ({
  page,
  browser,
  baseURL,
}) => {
  await register(page, 'buyer', buyer.email, buyer);
  const [listing] = await sellersListingsInStock(page);
  if (!listing) throw new Error('no listing of the demo seller in stock');

  // The seller waits on another page; the bell counts the booking as it happens.
  const sellerPage = await signedIn(browser, baseURL, seller.email, seller.password);
  await sellerPage.goto('/dashboard/myProduct');
  const unread = (await api<{ unread: number }>(sellerPage, '/notifications/unread')).unread;
  await expect(bell(sellerPage)).toHaveAccessibleName(bellName(unread));
  await book(page, listing);
  await expect(bell(sellerPage)).toHaveAccessibleName(bellName(unread + 1));
  await bell(sellerPage).click();
  const newest = sellerPage.getByRole('list', { name: 'Notifications' }).getByRole('link').first();
  await expect(newest).toContainText(`${buyer.name} booked your ${listing.title}`);
  await check(sellerPage, 'notifications-01-seller-bell');

  // The admin reads the booking's email on the demo mail page (the worker delivers it shortly).
  const adminPage = await signedIn(browser, baseURL, admin.email, admin.password);
  const subject = `${buyer.name} booked your ${listing.title}`;
  await expect
    .poll(async () => (await caughtMail(adminPage)).filter((mail) => mail.subject === subject).length, {
      timeout: 60_000,
    })
    .toBe(1);
  await adminPage.goto('/dashboard/mail');
  await adminPage
    .getByRole('list', { name: 'Caught mail' })
    .getByRole('link', { name: new RegExp(subject) })
    .click();
  await expect(adminPage.getByRole('heading', { level: 1, name: subject })).toBeVisible();
  await expect(adminPage.getByText(seller.email).first()).toBeVisible();
  // The email as its reader sees it: the listing's picture loads (another origin for the sandboxed frame, as for a
  // mail client), and a link opens the app in a new tab instead of breaking the frame.
  const email = adminPage.frameLocator(`iframe[title="The HTML part of “${subject}”"]`);
  await expect
    .poll(() =>
      email
        .locator('img')
        .first()
        .evaluate((img: HTMLImageElement) => img.naturalWidth),
    )
    .toBeGreaterThan(0);
  const [tab] = await Promise.all([
    adminPage.context().waitForEvent('page'),
    email.getByRole('link').first().click(),
  ]);
  await tab.waitForLoadState();
  expect(new URL(tab.url()).origin).toBe(new URL(adminPage.url()).origin);
  await tab.close();
  await expect(adminPage.getByRole('heading', { level: 1, name: subject })).toBeVisible();
  // axe is run on the list: it cannot enter the email's frame, whose sandbox runs no script (by design)
  await adminPage.getByRole('link', { name: 'Back to the caught mail' }).click();
  await expect(adminPage.getByRole('list', { name: 'Caught mail' })).toBeVisible();
  await check(adminPage, 'notifications-02-admin-mail');

  // The buyer turns message email off.
  await page.goto('/dashboard/notifications/settings');
  const messages = page.getByRole('radiogroup', { name: 'New questions and messages' });
  await expect(messages.getByRole('radio', { name: 'Each message, as it comes' })).toBeChecked();
  await messages.getByText('No email', { exact: true }).click();
  await toast(page, 'New questions and messages: no email');
  await expect(messages.getByRole('radio', { name: 'No email' })).toBeChecked();
  await check(page, 'notifications-03-buyer-settings');

  // The seller writes about the booking: the buyer's bell has it, but no email goes to the buyer. The buyer
  // answers, whose email to the seller is written after the seller's message: once it has arrived, the worker
  // (which sends in the order written) would have sent the buyer's first.
  const bookings = await api<{ items: { _id: string; mobileId: string }[] }>(
    page,
    `/bookings?email=${encodeURIComponent(buyer.email)}`,
  );
  const booking = bookings.items.find((one) => one.mobileId === listing._id)!;
  const toBuyer = (mail: CaughtMailSummary) =>
    mail.to === buyer.email && /sent you a message/.test(mail.subject);
  const before = (await caughtMail(adminPage)).filter(toBuyer).length;
  const started = await api<{ _id: string }>(sellerPage, '/conversations', {
    method: 'POST',
    body: { bookingId: booking._id, text: 'Hello! When can you meet?' },
  });
  await expect
    .poll(async () => (await api<{ unread: number }>(page, '/notifications/unread')).unread)
    .toBeGreaterThan(0);
  await api(page, `/conversations/${started._id}/messages`, {
    method: 'POST',
    body: { text: 'Tomorrow at six.' },
  });
  await expect
    .poll(
      async () =>
        (await caughtMail(adminPage)).filter(
          (mail) =>
            mail.to === seller.email &&
            mail.subject === `${buyer.name} sent you a message about ${listing.title}`,
        ).length,
      { timeout: 60_000 },
    )
    .toBe(1);
  expect((await caughtMail(adminPage)).filter(toBuyer)).toHaveLength(before);
});
