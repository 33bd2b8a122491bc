// Forgot password against the real Auth emulator: a person who forgot theirs asks for the link on
// Login; demo mode sends no email and shows the link (the emulator keeps it) to the app's own reset page,
// where they set a new password and then log in with it; the link works once.
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
  await expect(said).toContainText('Demo mode: no email is sent.');
  await check(page, 'reset-01-sent');

  // demo mode: the link itself, to the app's reset page
  await said.getByRole('link', { name: 'Open the reset link' }).click();
  await expect(page).toHaveURL(/\/reset\?oobCode=/);
  const link = page.url();
  await expect(page.getByText(`Choose a new password for ${email}.`)).toBeVisible();
  await check(page, 'reset-02-page');
  await page.getByLabel('New password').fill('second-pass');
  await page.getByRole('button', { name: 'Set the new password' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your password is changed.' })).toBeVisible();
  await page.getByRole('link', { name: 'Log in', exact: true }).click();

  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('first-pass');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('alert')).toHaveText('The email or password is incorrect.');
  await logIn(page, email, 'second-pass');

  // the link is spent
  await page.goto(link);
  await expect(page.getByRole('alert')).toContainText('This reset link is not valid or was already used.');
});
