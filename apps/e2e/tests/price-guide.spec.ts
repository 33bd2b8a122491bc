// The price guide against the real server, from the demo's captured prices (the seed's
// fixtures/price-history.ts): a seller adding a Galaxy S21 sees what a Good 128 GB one really sold for, in the
// rulebook's words for the range the server computed; and the public price page paints its median and its
// history's table with JavaScript off (the server draws it from the guide it serves in the page).
import { PRICE_GUIDE_MIN_DEALS, rangeWords, type PriceGuide } from '@recell/api';
import type { Page } from '@playwright/test';
import { register } from '../src/accounts';
import { check, expect, test } from '../src/fixtures';

/** The guide as the API answers it, read by the page's own context (the same server, the same clock). */
async function guideOf(page: Page, modelKey: string): Promise<PriceGuide> {
  const response = await page.request.get(`/api/price-guide/${modelKey}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as PriceGuide;
}

/** A Select of the design system: its button, named by its value and label, then the option. */
async function choose(page: Page, label: RegExp, option: string) {
  await page.getByRole('button', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(page.getByRole('button', { name: label })).toContainText(option);
}

test("a seller adding a Galaxy S21 sees what a Good 128 GB one really sold for, and its price page's history", async ({
  page,
}) => {
  // a fresh seller: the spec files share one database, and only Add Product's form is used (nothing is listed)
  await register(page, 'seller', `price-guide-${Date.now()}@recell.test`, { name: 'Priya Guide' });
  await page.goto('/dashboard/addProduct');
  await expect(page.getByRole('heading', { name: 'Add Product' })).toBeVisible();
  await choose(page, /Brand$/, 'Samsung');
  await choose(page, /Model$/, 'Galaxy S21');
  await choose(page, /Storage$/, '128 GB');
  await choose(page, /Condition$/, 'Good');

  const guide = await guideOf(page, 'samsung-galaxy-s21');
  const range = guide.ranges.find((one) => one.storageGb === 128 && one.condition === 'Good');
  // the seed's fourteen captures of the last 90 days (more if another journey completed such a deal)
  expect(range?.count ?? 0).toBeGreaterThanOrEqual(14);
  const words = rangeWords(range!);
  expect(words).toMatch(/^Good, 128 GB: \$[\d.]+-\$[\d.]+ from \d+ completed deals$/);
  const line = page.getByText(words, { exact: false });
  await expect(line).toBeVisible();
  await check(page, 'price-guide-01-add-product');

  // the line leads to the model's price page: the figures, the chart and its table
  await line.getByRole('link', { name: 'See price history' }).click();
  await expect(page).toHaveURL(/\/prices\/samsung-galaxy-s21$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Samsung Galaxy S21' })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Median sold price by month/ })).toBeVisible();
  await expect(page).toHaveTitle('Samsung Galaxy S21 price guide | ReCell');
  await check(page, 'price-guide-02-page');
});

test('the public price page paints its median and its history with JavaScript off', async ({
  browser,
  baseURL,
  page,
}) => {
  const guide = await guideOf(page, 'samsung-galaxy-s21');
  expect(guide.overall.median).toBeDefined();
  const median = `$${guide.overall.median}`;
  const still = await browser.newContext({ baseURL, javaScriptEnabled: false });
  try {
    const html = await still.newPage();
    const response = await html.goto('/prices/samsung-galaxy-s21');
    expect(response?.status()).toBe(200);
    await expect(html.getByRole('heading', { level: 1, name: 'Samsung Galaxy S21' })).toBeVisible();
    const overall = html.getByRole('region', { name: `Last ${guide.windowDays} days` });
    await expect(overall.getByText(median, { exact: true })).toBeVisible();
    await expect(overall.getByText('median price')).toBeVisible();
    // the history's table, a row a month, with the same counts as the API's
    const table = html.getByRole('table', { name: 'Completed deals and median price by month' });
    await expect(table).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(guide.history.length + 1);
    const sold = guide.history.reduce((sum, month) => sum + month.count, 0);
    expect(sold).toBeGreaterThanOrEqual(PRICE_GUIDE_MIN_DEALS);
    const cells = await table.locator('tbody tr td:first-of-type').allTextContents();
    expect(cells.map(Number)).toEqual(guide.history.map((month) => month.count));
    // the chart is there too, with its words
    await expect(html.getByRole('img', { name: /^Median sold price by month/ })).toBeVisible();
    await expect(html.getByText('Where these figures come from', { exact: true })).toBeVisible();
    // a model nobody has: the app's 404, kept out of search
    const missing = await html.goto('/prices/nokia-3310-classic');
    expect(missing?.status()).toBe(404);
  } finally {
    await still.close();
  }
});
