// QA's mocked app as `npm run dev:mock` serves it (the Vite dev server in mock mode; MSW in the browser, no server,
// no emulator): the real stack's buyer journey passes on it unchanged, and its QA panel switches personas and
// scenarios.
import { blogs, demoAccounts } from '@recell/api/fixtures';
import type { Page } from '@playwright/test';
import { buyerJourney } from '../src/buyer-journey';
import { check, expect, mockTest as test } from '../src/fixtures';

// the dev server compiles a screen's modules the first time it is asked for them (globalSetup warmed up the first pages)
test.use({ navigationTimeout: 60_000 });

const panelToggle = (page: Page) => page.getByRole('button', { name: /^QA mock:/ });

async function chooseScenario(page: Page, label: string): Promise<void> {
  if ((await panelToggle(page).getAttribute('aria-expanded')) !== 'true') await panelToggle(page).click();
  await page.getByRole('button', { name: /Scenario/ }).click();
  await page.getByRole('option', { name: label }).click();
  await expect(panelToggle(page)).toContainText(label);
}

/** How long one API call takes, measured in the page (through the MSW worker). */
const timedApiCall = (page: Page) =>
  page.evaluate(async () => {
    const started = performance.now();
    const response = await fetch('/api/blogs');
    return { ms: performance.now() - started, status: response.status, body: await response.json() };
  });

test('the buyer journey passes on the mocked app (book -> pay -> held)', async ({ page }) => {
  await buyerJourney(page, 'mock-buyer');
});

test('the QA panel switches personas by keyboard and scenarios, and a reload keeps them', async ({
  page,
}) => {
  await page.goto('/');
  await expect(panelToggle(page)).toHaveText(/visitor · Normal/);
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();

  // keyboard only: open the panel, pick the seller in the Persona select
  await panelToggle(page).focus();
  await page.keyboard.press('Enter');
  await expect(panelToggle(page)).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: /Persona/ })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('option', { name: /^Seller/ })).toBeVisible();
  await check(page, 'mock-qa-01-persona-open');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: /sign out/i })).toBeVisible();
  await expect(panelToggle(page)).toHaveText(/seller · Normal/);
  await expect(page.getByText(`Signed in as: ${demoAccounts.seller.email}`)).toBeVisible();
  await check(page, 'mock-qa-02-seller');

  await page.goto('/dashboard/myProduct');
  await expect(page.getByRole('heading', { name: 'My Product', level: 1 })).toBeVisible();

  await chooseScenario(page, 'Slow network');
  const slow = await timedApiCall(page);
  expect(slow.status).toBe(200);
  expect(slow.ms).toBeGreaterThanOrEqual(1400);

  await chooseScenario(page, 'Empty data');
  await page.goto('/blogs');
  await expect(page.getByText('No blog posts yet.')).toBeVisible();
  // a reload keeps the persona and the scenario
  await expect(panelToggle(page)).toHaveText(/seller · Empty data/);
  await check(page, 'mock-qa-03-empty');

  await chooseScenario(page, 'Server errors');
  const failed = await timedApiCall(page);
  expect(failed.status).toBe(500);
  expect(failed.body).toEqual({ message: expect.any(String), code: 'mock_server_error' });
  await page.goto('/blogs');
  // after react-query's three retries (2 + 4 + 8 s)
  await expect(page.getByText('Could not load blog posts')).toBeVisible({ timeout: 30_000 });
  await check(page, 'mock-qa-04-errors');

  await chooseScenario(page, 'Normal');
  await page.goto('/blogs');
  await expect(page.getByRole('heading', { name: blogs[0]?.title ?? '', level: 2 })).toBeVisible();

  // Visitor signs out; Reset goes back to the fixtures
  await panelToggle(page).click();
  await page.getByRole('button', { name: /Persona/ }).click();
  await page.getByRole('option', { name: /^Visitor/ }).click();
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
  await page.getByRole('button', { name: 'Reset mock data' }).click();
  await expect(panelToggle(page)).toHaveText(/visitor · Normal/);
});
