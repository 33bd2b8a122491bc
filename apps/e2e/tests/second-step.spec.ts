// Two-step sign-in against the real Auth emulator and server: an admin who has not turned on the
// second step is sent to turn it on before any admin screen, enrols a phone (the code read the demo way), signs
// out, and signs in again with the code texted to it. The demo admin's own step is logIn's (src/accounts.ts).
import type { APIRequestContext } from '@playwright/test';
import { logIn, passCodeStep } from '../src/accounts';
import { check, expect, test } from '../src/fixtures';
import { SECOND_ADMIN_EMAIL } from '../src/second-admin';

const password = 'second-admin-pass';

/** The admin's account as an admin would have it: made in the emulator with a verified email (no sign-up form
 * verifies one here; enrolling a second step needs it). */
async function verifiedAccount(request: APIRequestContext, authEmulator: string) {
  const emulator = `http://${authEmulator}/identitytoolkit.googleapis.com/v1`;
  const signedUp = await request.post(`${emulator}/accounts:signUp?key=any`, {
    data: { email: SECOND_ADMIN_EMAIL, password, returnSecureToken: true },
  });
  expect(signedUp.ok(), await signedUp.text()).toBe(true);
  const { localId } = (await signedUp.json()) as { localId: string };
  const verified = await request.post(`${emulator}/projects/demo-recell/accounts:update`, {
    headers: { authorization: 'Bearer owner' },
    data: { localId, emailVerified: true },
  });
  expect(verified.ok(), await verified.text()).toBe(true);
}

test('an admin turns on the second step, signs out, and signs in with it', async ({
  page,
  request,
  stack,
}) => {
  await verifiedAccount(request, stack.authEmulator);
  await page.goto('/login?from=%2Fdashboard%2Fusers');
  await logIn(page, SECOND_ADMIN_EMAIL, password);

  // no admin screen before the second step is on
  await expect(page.getByRole('heading', { level: 1, name: 'Sign-in security' })).toBeVisible();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Admins must sign in with a second step' }),
  ).toBeVisible();
  await check(page, 'second-step-01-required');
  await page.getByRole('textbox', { name: 'Phone number' }).fill('+15555550123');
  await page.getByRole('button', { name: 'Text me a code' }).click();
  await passCodeStep(page, 'Turn on the second step');
  await expect(page.getByRole('heading', { level: 1, name: 'All Users' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: SECOND_ADMIN_EMAIL })).toBeVisible();

  await page.getByRole('button', { name: /sign out/i }).click();
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(SECOND_ADMIN_EMAIL);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('heading', { name: 'Login: the second step' })).toBeVisible();
  await expect(page.getByText(/We texted a six-digit code to/)).toContainText('0123');
  await check(page, 'second-step-02-code');
  await passCodeStep(page, 'Login');
  await expect(page.getByRole('button', { name: /sign out/i })).toBeVisible();
  await page.goto('/dashboard/users');
  await expect(page.getByRole('heading', { level: 1, name: 'All Users' })).toBeVisible();
});
