// Continue with Google through the real firebase SDK and the Auth emulator's own Google page: by
// popup, by redirect when the browser blocks the popup, and a closed popup that leaves the form usable. Each
// lands signed in where the person was going. Offline, Google's gapi loader is a stand-in (src/gapi-shim.ts).
import type { Page } from '@playwright/test';
import { register } from '../src/accounts';
import { check, expect, test } from '../src/fixtures';
import { serveGapiShim } from '../src/gapi-shim';

/** What the form says when Google's sign-in cannot load (the words of apps/web's identity-errors.ts). */
const GOOGLE_UNREACHABLE =
  "Could not reach Google's sign-in: it needs an internet connection. Check yours, or log in with your email and password.";

test.beforeEach(({ context }) => serveGapiShim(context));

/** On the emulator's Google page (a popup or the tab itself): a made-up Google account signs in. */
async function googleAs(page: Page, email: string, name: string) {
  await page.getByRole('button', { name: 'Add new account' }).click();
  await page.locator('#email-input').fill(email);
  await page.locator('#display-name-input').fill(name);
  await page.locator('#sign-in').click();
}

const signedIn = (page: Page) => expect(page.getByRole('button', { name: /sign out/i })).toBeVisible();

test('a visitor continues with Google in a popup and lands where they were going, a buyer', async ({
  page,
}) => {
  await page.goto('/dashboard/wishlist');
  await expect(page).toHaveURL(/\/login\?from=%2Fdashboard%2Fwishlist$/);
  await check(page, 'google-01-login');
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await googleAs(await popup, `google-popup-${Date.now()}@recell.test`, 'Gia Popup');
  await signedIn(page);
  await expect(page).toHaveURL(/\/dashboard\/wishlist$/);
  await expect(page.getByRole('heading', { name: 'Cart', exact: true })).toBeVisible();
  // a buyer's dashboard (a seller's is My Product)
  await page.goto('/dashboard');
  await expect(page).toHaveTitle('My Orders | ReCell');
});

test('with popups blocked it goes by redirect through the same tab, and back', async ({ page }) => {
  // what a popup blocker does to the SDK's window.open
  await page.addInitScript(() => {
    window.open = () => null;
  });
  await page.goto('/login?from=%2Fdashboard%2Fwishlist');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page).toHaveURL(/\/emulator\/auth\/handler/);
  await googleAs(page, `google-redirect-${Date.now()}@recell.test`, 'Gia Redirect');
  await signedIn(page);
  await expect(page).toHaveURL(/\/dashboard\/wishlist$/);
});

test('a closed popup is said under the form, which still signs in', async ({ page }) => {
  await page.goto('/register');
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await (await popup).close();
  await expect(page.getByRole('alert')).toHaveText(
    'The sign-in window was closed before signing in finished.',
  );
  await check(page, 'google-02-popup-closed');
  await register(page, 'buyer', `google-after-close-${Date.now()}@recell.test`);
});

test('Google on the email of a seller who signed up with a password is that seller', async ({ page }) => {
  const email = `google-seller-${Date.now()}@recell.test`;
  await register(page, 'seller', email, { name: 'Sam Both' });
  await page.getByRole('button', { name: /sign out/i }).click();
  await page.goto('/login');
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await googleAs(await popup, email, 'Sam Both');
  await signedIn(page);
  await page.goto('/dashboard');
  await expect(page).toHaveTitle('My Product | ReCell');
});

test('without internet (Google unreachable) it says so, and the form still signs in', async ({
  context,
  page,
}) => {
  // what a machine without internet does: Google's loader never arrives
  await context.unrouteAll();
  await context.route(/^https:\/\/apis\.google\.com\//, (route) => route.abort('internetdisconnected'));
  await page.goto('/login');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page.getByRole('alert')).toHaveText(GOOGLE_UNREACHABLE, { timeout: 60_000 });
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeEnabled();
  await register(page, 'buyer', `google-offline-${Date.now()}@recell.test`);
});
