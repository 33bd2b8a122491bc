// Forgot password (issue 25) against the real Auth emulator: a person who forgot theirs asks for the link on
// Login, finds it where the demo says the emulator keeps it, sets a new password there, and logs in with it.
import { logIn, register } from '../src/accounts';
import { check, expect, test } from '../src/fixtures';

test('a person resets a forgotten password through the link and logs in with the new one', async ({
  page,
}) => {
  const email = `forgot-${Date.now()}@recell.test`;
  await register(page, 'buyer', email, { password: 'first-pass' });
  await page.getByRole('button', { name: /sign out/i }).click();

  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  const said = page.getByRole('status').filter({ hasText: 'a link to reset its password is on its way' });
  await expect(said).toBeVisible();
  await check(page, 'reset-01-sent');

  // demo mode: the message names the emulator's inbox, where the link is
  const inbox = /the link is listed at (\S+)$/.exec((await said.textContent()) ?? '')?.[1];
  expect(inbox).toBeTruthy();
  const { oobCodes } = (await (await page.request.get(inbox!)).json()) as {
    oobCodes: { email: string; requestType: string; oobLink: string }[];
  };
  const link = oobCodes
    .filter((code) => code.email === email && code.requestType === 'PASSWORD_RESET')
    .at(-1);
  expect(link).toBeDefined();

  // the emulator's link takes the new password, then comes back to Login
  await page.goto(`${link!.oobLink}&newPassword=second-pass`);
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('first-pass');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('alert')).toHaveText('The email or password is incorrect.');
  await logIn(page, email, 'second-pass');
});
