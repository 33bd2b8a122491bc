// A seller manages their own listing against the real server: adds a phone with an IMEI and lands on
// My Product with its row marked, edits its price, marks it sold, restocks it and deletes it. It uses the demo
// seller and a listing it creates itself, so it leaves the other journeys' data alone.
import { demoAccounts } from '@recell/api/fixtures';
import { join } from 'node:path';
import { toast } from '../src/buyer-journey';
import { check, expect, screenshot, screensDir, test } from '../src/fixtures';
import { signIn } from '../src/accounts';
import { pngBytes } from '../src/picture';

test('a seller adds a phone with an IMEI, edits its price, marks it sold, restocks it and deletes it', async ({
  page,
}) => {
  const seller = demoAccounts.seller;
  const title = `Xiaomi Manage E2E ${Date.now() % 100000}`;
  await signIn(page, seller.email, seller.password);
  await page.goto('/dashboard/addProduct');
  await expect(page.getByRole('heading', { name: 'Add Product' })).toBeVisible();

  // a file that is not a picture is refused by the form, before any upload
  const picker = page.locator('input[type="file"]');
  await expect(picker).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp');
  await picker.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByRole('alert').getByText('Choose a JPEG, PNG or WebP picture')).toBeVisible();

  await page.getByLabel('Name', { exact: true }).fill(title);
  await picker.setInputFiles({ name: 'phone.png', mimeType: 'image/png', buffer: pngBytes() });
  await expect(page.getByRole('img', { name: 'Preview of phone.png' })).toBeVisible();
  await page.getByLabel('Resale price').fill('300');
  await page.getByLabel('Buying price').fill('520');
  await page.getByLabel('Year of purchase').fill('2023');
  await page.getByLabel('Years of use').fill('1');
  await page.getByLabel('Location').fill('Dhaka, Uttara');
  await page.getByLabel('Details').fill('A phone the seller manages in the journey.');

  // an IMEI with a wrong check digit is caught in the form
  const imei = page.getByLabel('IMEI (optional)');
  await imei.fill('356938035643808');
  await page.getByRole('button', { name: 'Add Product' }).click();
  await expect(imei).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('This IMEI is not valid: check each digit against *#06#')).toBeVisible();
  await check(page, 'seller-manage-01-imei-error');
  await imei.fill('356938035643809');
  await page.getByRole('button', { name: 'Add Product' }).click();
  await toast(page, 'Mobile added');

  // My Product, the new row marked, announced and focused
  await expect(page).toHaveURL(/\/dashboard\/myProduct\?added=m-/);
  const id = new URL(page.url()).searchParams.get('added')!;
  const mark = page.getByText(`${title} (new)`, { exact: true });
  await expect(mark).toBeFocused();
  await expect(page.getByRole('status').getByText(`${title} is listed`, { exact: false })).toBeVisible();
  const row = page.getByRole('row').filter({ has: mark });
  await expect(row.getByText('Available')).toBeVisible();
  await check(page, 'seller-manage-02-just-added');
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(page.getByRole('button', { name: `Edit ${title}` })).toBeAttached();
  await screenshot(page, { path: join(screensDir, 'seller-my-product-375.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // the IMEI is stored and shown masked on the listing
  const listing = await page.request.get(`/api/mobile/${id}`);
  expect((await listing.json()).imeiMasked).toBe('***********3809');

  // Edit: the form is prefilled; a new price is saved and shown
  await page.getByRole('button', { name: `Edit ${title}` }).click();
  const dialog = page.getByRole('dialog', { name: `Edit ${title}` });
  await expect(dialog.getByLabel('Resale price')).toHaveValue('300');
  await check(page, 'seller-manage-03-edit');
  await dialog.getByLabel('Resale price').fill('275');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await toast(page, 'Changes saved');
  await expect(dialog).toHaveCount(0);
  await expect(row.getByRole('cell', { name: '$275', exact: true })).toBeVisible();

  // Mark sold, then Restock
  await page.getByRole('button', { name: `Mark sold ${title}` }).click();
  await toast(page, `${title} is marked sold`);
  await expect(row.getByText('Sold', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: `Restock ${title}` })).toBeFocused();
  await check(page, 'seller-manage-04-sold');
  await page.getByRole('button', { name: `Restock ${title}` }).click();
  await toast(page, `${title} is back in stock`);
  await expect(row.getByText('Available')).toBeVisible();

  // Delete: asked first (Keep it changes nothing), then gone for good
  await page.getByRole('button', { name: `Delete ${title}` }).click();
  const confirm = page.getByRole('dialog', { name: `Delete ${title}?` });
  await expect(confirm).toContainText('open bookings that are not paid are cancelled');
  await check(page, 'seller-manage-05-confirm-delete');
  await confirm.getByRole('button', { name: 'Keep it' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(page.getByRole('button', { name: `Delete ${title}` })).toBeVisible();
  await page.getByRole('button', { name: `Delete ${title}` }).click();
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await toast(page, `${title} was deleted`);
  await expect(page.getByRole('cell', { name: title })).toHaveCount(0);
  expect((await page.request.get(`/api/mobile/${id}`)).status()).toBe(404);
});
