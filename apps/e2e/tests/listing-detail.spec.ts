// The listing detail page against the real server: a buyer opens a phone from its
// card's title, reloads its shareable URL; a visitor opens the same URL (getMobile is public), and its actions lead
// to log in and back; a listing that is gone says so. Neither sees the seller's number: only the parties do
// (docs/decisions.md), and this buyer's card is not held.
import { blogs, mobiles } from '@recell/api/fixtures';
import type { Page } from '@playwright/test';
import { register } from '../src/accounts';
import { check, expect, sellerFactText, test } from '../src/fixtures';

// a seeded phone with every fact: a Verified seller and a masked IMEI
const s21 = mobiles.find((mobile) => mobile._id === 'm-samsung-s21')!;

test('a buyer opens a phone from its card and reloads it; a visitor opens the same URL', async ({
  page,
  browser,
  baseURL,
}) => {
  // a fresh buyer: the journeys delete the demo buyer, and spec files share one database
  const buyer = await register(page, 'buyer', `detail-${Date.now()}@recell.test`, { name: 'Nadia Detail' });
  await page.goto('/category/02');
  const name = s21.title;
  await page.getByRole('heading', { level: 2, name }).getByRole('link', { name }).click();
  await expect(page).toHaveURL(new RegExp(`/mobile/${s21._id}$`));
  const url = page.url();
  const heading = page.getByRole('heading', { level: 1, name });
  await expect(heading).toBeVisible();
  await expect(page.getByText(`Price: $${s21.resale_price}`, { exact: true })).toBeVisible();
  await expect(page.getByText(`Condition: ${s21.condition}`)).toBeVisible();
  const fact = (on: Page, term: string) =>
    on.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('+ dd');
  await expect(fact(page, 'Seller')).toHaveText(sellerFactText(s21.Seller_name, 'VerifiedPhone verified'));
  await expect(fact(page, 'IMEI')).toContainText(s21.imeiMasked!);
  const sellerNumber = fact(page, "Seller's number");
  const number = s21.number_of_seller;
  const notYet = 'Shows here once your card is held for this phone';
  await expect(sellerNumber).toHaveText(notYet);
  await expect(page.getByText(number)).toHaveCount(0);
  await expect(page.getByRole('button', { name: `Book ${name}` })).toBeVisible();
  await expect(page).toHaveTitle(`${name} | ReCell`);
  await check(page, 'detail-01-buyer');

  // the URL is the page: a reload shows the same phone
  await page.reload();
  await expect(heading).toBeVisible();
  await expect(sellerNumber).toHaveText(notYet);

  // a visitor (no session) gets the phone without the seller's number, and Book sends them to log in and back
  const visitorContext = await browser.newContext({ baseURL });
  const visitor = await visitorContext.newPage();
  await visitor.goto(url);
  await expect(visitor.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(visitor.getByText(number)).toHaveCount(0);
  await expect(fact(visitor, "Seller's number")).toHaveText(notYet);
  await check(visitor, 'detail-02-visitor');
  // every action goes to log in (Book and Add To Cart only while the phone is for sale: other journeys may buy it)
  await expect(visitor.getByRole('link', { name: `Report ${name}` })).toHaveAttribute(
    'href',
    `/login?from=${encodeURIComponent(new URL(url).pathname)}`,
  );
  await visitor.getByRole('link', { name: `Report ${name}` }).click();
  await expect(visitor).toHaveURL(/\/login\?from=%2Fmobile%2F/);
  await visitor.getByRole('textbox', { name: 'Email', exact: true }).fill(buyer.email);
  await visitor.getByLabel('Password', { exact: true }).fill(buyer.password);
  await visitor.getByRole('button', { name: 'Login' }).click();
  await expect(visitor).toHaveURL(url);
  await expect(fact(visitor, "Seller's number")).toHaveText(notYet);
  await expect(visitor.getByRole('button', { name: `Report ${name}` })).toBeVisible();
  await visitorContext.close();

  // a listing that is gone: a page of its own, not the error page
  await page.goto('/mobile/m-no-such-phone');
  await expect(page.getByRole('heading', { level: 1, name: 'Phone not found' })).toBeVisible();
  await expect(page).toHaveTitle('Phone not found | ReCell');
  await check(page, 'detail-03-not-found');
});

test("a listing's page paints from the HTML: drawn by the server before the app's scripts run, and the app takes over without a shift", async ({
  browser,
  baseURL,
}) => {
  const name = s21.title;
  // no JavaScript at all: what a visitor's browser paints with the HTML is the listing itself
  const still = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const html = await still.newPage();
  await html.goto(`/mobile/${s21._id}`);
  await expect(html.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(html.getByRole('img', { name })).toBeVisible();
  await expect(html.getByText(`Price: $${s21.resale_price}`, { exact: true })).toBeVisible();
  await expect(html.getByText(`Condition: ${s21.condition}`)).toBeVisible();
  await expect(html.getByText(s21.number_of_seller)).toHaveCount(0);
  // the blogs page too: its posts are drawn by the server from the answer it serves in the page
  await html.goto('/blogs');
  await expect(html.getByRole('heading', { name: blogs[0]!.title })).toBeVisible();
  await still.close();

  // with it, in a time zone other than the server's (the frame's "Posted" time is the server's): the app adopts
  // the frame as drawn (no layout shift, no mismatch), then shows the reader's own time
  const context = await browser.newContext({ baseURL, timezoneId: 'Asia/Dhaka' });
  const page = await context.newPage();
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { shifts: number[] }).shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) shifts.push((entry as unknown as { value: number }).value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
  // the app adopts the frame's elements (a hydration): any difference would be reported, and redrawn
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  const heading = page.getByRole('heading', { level: 1, name });
  await page.goto(`/mobile/${s21._id}`);
  const painted = await heading.elementHandle();
  await expect(page.getByRole('link', { name: `Report ${name}` })).toHaveAttribute(
    'href',
    `/login?from=${encodeURIComponent(`/mobile/${s21._id}`)}`,
  );
  await expect(page).toHaveTitle(`${name} | ReCell`);
  // the app has run (its first render marks the theme on <html>), its scripts added after the first paint
  await expect(page.locator('html')).toHaveAttribute('data-theme', /^(light|dark)$/);
  await expect(page.locator('#app-scripts')).toHaveCount(0);
  const posted = new Date(s21.the_time_it_posted).toLocaleString('en-US', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Asia/Dhaka',
  });
  await expect(page.locator('dt', { hasText: /^Posted$/ }).locator('+ dd')).toHaveText(posted);
  // the served listing was read by the app (and removed), not left in the page
  await expect(page.locator('#served-listing')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  const shifted = await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts);
  expect(shifted.reduce((sum, value) => sum + value, 0)).toBeLessThan(0.01);
  // the heading that painted with the HTML is the one the app shows: adopted, not replaced
  expect(await painted!.evaluate((element) => element.isConnected), errors.join('\n')).toBe(true);
  // home's frame (the build's) is adopted the same way
  await page.goto('/');
  const hero = await page.getByRole('heading', { level: 1 }).elementHandle();
  await expect(page.locator('html')).toHaveAttribute('data-theme', /^(light|dark)$/);
  await page.waitForLoadState('networkidle');
  expect(await hero!.evaluate((element) => element.isConnected), errors.join('\n')).toBe(true);
  expect(errors).toEqual([]);
  await context.close();
});
