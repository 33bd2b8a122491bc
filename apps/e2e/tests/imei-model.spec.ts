// Phone truth against the real server: a seller lists a phone with an IMEI whose TAC names another
// model, is told before publishing and lists it as it is, sees the warning again on My Product, fixes the IMEI
// there, and the listing page then says the IMEI matches. It uses the demo seller and a listing it creates and
// deletes itself, so it leaves the other journeys' data alone.
import { demoAccounts } from '@recell/api/fixtures';
import { withCheckDigit } from '@recell/api/test-cards';
import { toast } from '../src/buyer-journey';
import { api } from '../src/deal-steps';
import { check, expect, test } from '../src/fixtures';
import { signIn } from '../src/accounts';
import { pngBytes } from '../src/picture';

// The shipped TAC rows of two Xiaomi models; serials from 800000 up, which no other spec's IMEIs use.
const serial = String(800_000 + (Date.now() % 100_000));
const redmiNote12Imei = withCheckDigit(`00101201${serial}`);
const xiaomi13TImei = withCheckDigit(`00101302${serial}`);

test('a seller lists a phone whose IMEI names another model, is told, and fixes the IMEI on My Product', async ({
  page,
}) => {
  const seller = demoAccounts.seller;
  const title = `Xiaomi Redmi Note 12 IMEI ${serial}`;
  await signIn(page, seller.email, seller.password);
  await page.goto('/dashboard/addProduct');
  await page.getByLabel('Name', { exact: true }).fill(title);
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'phone.png', mimeType: 'image/png', buffer: pngBytes() });
  await page.getByLabel('Resale price').fill('150');
  await page.getByLabel('Buying price').fill('230');
  await page.getByLabel('Year of purchase').fill('2023');
  await page.getByLabel('Years of use').fill('1');
  await page.getByLabel('Location').fill('Dhaka, Banani');
  await page.getByLabel('Details').fill('Listed with the IMEI of another phone by mistake.');
  await page.getByLabel('IMEI (optional)').fill(xiaomi13TImei);

  // told before publishing: nothing is listed yet
  await page.getByRole('button', { name: 'Add Product' }).click();
  const note = page.getByRole('status').filter({ hasText: 'IMEI does not match the listed model' });
  await expect(note).toContainText('(it names Xiaomi 13T)');
  await expect(note).toContainText('press Add Product again to list it as it is');
  await expect(page).toHaveURL(/\/dashboard\/addProduct$/);
  await check(page, 'imei-model-01-told');

  // the seller lists it as it is
  await page.getByRole('button', { name: 'Add Product' }).click();
  await toast(page, 'Mobile added');
  await expect(page).toHaveURL(/\/dashboard\/myProduct\?added=m-/);
  const id = new URL(page.url()).searchParams.get('added')!;
  const row = page.getByRole('row').filter({ has: page.getByText(`${title} (new)`, { exact: true }) });
  await expect(row).toContainText('Its IMEI names Xiaomi 13T, not the model this listing names.');
  await check(page, 'imei-model-02-my-product');

  // Fix: Edit says why and takes the IMEI read from *#06#
  await row.getByRole('button', { name: `Fix ${title}` }).click();
  const dialog = page.getByRole('dialog', { name: `Edit ${title}` });
  await expect(dialog).toContainText('Its IMEI names Xiaomi 13T');
  await dialog.getByLabel('Corrected IMEI (optional)').fill(redmiNote12Imei);
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await toast(page, 'Changes saved');
  await expect(dialog).toHaveCount(0);
  await expect(row.getByRole('button', { name: `Fix ${title}` })).toHaveCount(0);
  await expect(row).not.toContainText('Its IMEI names');

  // the listing says so to everyone, with the new IMEI's last digits
  await page.goto(`/mobile/${id}`);
  const fact = (term: string) => page.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('+ dd');
  await expect(fact('IMEI check')).toContainText('IMEI matches Xiaomi Redmi Note 12.');
  await expect(fact('IMEI check')).toContainText("IMEI clean in ReCell's registry");
  await expect(fact('IMEI')).toContainText(redmiNote12Imei.slice(-4));
  await check(page, 'imei-model-03-listing');

  await api(page, `/mobile/${id}`, { method: 'DELETE' });
});
