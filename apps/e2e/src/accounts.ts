// Signing in and up the way a person does, shared by the spec files. The spec files share one database and
// journeys.spec.ts deletes the demo buyer, so a spec that needs a buyer registers a fresh one.
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * The code step (the second step of signing in, or turning it on): the demo way, as a person trying the demo
 * does, "Show the demo code" reads the code the Auth emulator "texted"; typed and confirmed with `button`.
 */
export async function passCodeStep(page: Page, button: string): Promise<void> {
  const shown = page.getByRole('status').filter({ hasText: /The code sent to …\d{4} is \d{6}\./ });
  // the first code goes out as the step shows: ask again until the emulator has it
  await expect(async () => {
    await page.getByRole('button', { name: 'Show the demo code' }).click();
    await expect(shown).toBeVisible({ timeout: 1000 });
  }).toPass();
  const code = (await shown.textContent())?.match(/is (\d{6})\./)?.[1] ?? '';
  await page.getByRole('textbox', { name: 'Code', exact: true }).fill(code);
  await page.getByRole('button', { name: button }).click();
}

/**
 * Fills and sends the login form on the page as it is (it may be /login with a `from` to return to); an
 * account with a second step (the demo admin: admins must have one) passes it the demo way.
 */
export async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  const signedIn = page.getByRole('button', { name: /sign out/i });
  const codeStep = page.getByRole('heading', { name: 'Login: the second step' });
  await expect(signedIn.or(codeStep)).toBeVisible();
  if (await codeStep.isVisible()) await passCodeStep(page, 'Login');
  await expect(signedIn).toBeVisible();
}

export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await logIn(page, email, password);
}

/** A fresh account through the sign-up form, signed in afterwards. */
export async function register(
  page: Page,
  role: 'buyer' | 'seller',
  email: string,
  { name = `E2E ${role}`, password = 'e2e-pass' }: { name?: string; password?: string } = {},
): Promise<{ email: string; password: string }> {
  await page.goto('/register');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  if (role === 'seller') {
    // the design system's radio is a row drawn over a hidden input: a person taps the row
    await page.getByText('Sell phones (seller)').click();
    await expect(page.getByRole('radio', { name: /seller/ })).toBeChecked();
  }
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByRole('button', { name: /sign out/i })).toBeVisible();
  return { email, password };
}

/** The app's access token, where the signed-in app keeps it (jotai's atomWithStorage in localStorage). */
export const accessToken = (page: Page) =>
  page.evaluate(
    () =>
      (JSON.parse(localStorage.getItem('recell.session') ?? 'null') as { accessToken: string }).accessToken,
  );

/**
 * A new seller's phone verified on Sign-in security the demo way (the code the emulator kept), as a seller must
 * before listing: a Bangladeshi mobile number nobody else in the run holds, unless one is given.
 */
export async function verifySellerPhone(
  page: Page,
  phoneNumber = `+88017${String(10_000_000 + ((Date.now() * 7) % 89_999_999))}`,
): Promise<string> {
  await page.goto('/account/security');
  const section = page.getByRole('region', { name: 'Verify your phone' });
  await section.getByRole('textbox', { name: 'Your phone number' }).fill(phoneNumber);
  await section.getByRole('button', { name: 'Text me a code' }).click();
  await passCodeStep(page, 'Verify the number');
  await expect(section.getByRole('status')).toContainText('Phone verified');
  return phoneNumber;
}
