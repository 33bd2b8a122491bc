// Verified seller phones against the real Auth emulator and server: a new seller may not list before
// verifying their number; they verify it on Sign-in security with the code read the demo way (the emulator
// texts nobody), and their listing then shows "Phone verified" and, to them, the number.
import { passCodeStep, accessToken, register } from '../src/accounts';
import { check, expect, sellerFactText, test } from '../src/fixtures';

const listing = (title: string) => ({
  category_id: '03',
  title,
  picture: '/uploads/seed/m-apple-iphone-13.svg',
  location: 'Dhaka, Uttara',
  resale_price: 420,
  buying_price: 900,
  Year_of_purchase: 2023,
  Year_of_uses: 1,
  condition: 'Good',
  details: 'Listed for the verified phone journey.',
  stock: 1,
});

test('a seller verifies their phone, and their listing shows it verified', async ({ page }) => {
  const stamp = Date.now() % 100000;
  // a Bangladeshi mobile number nobody else in the run holds
  const phoneNumber = `+88019${String(10_000_000 + (Date.now() % 89_999_999))}`;
  await register(page, 'seller', `phone-seller-${stamp}@recell.test`, { name: 'Phone Seller' });

  // before verifying: no listing (the server says why)
  const token = await accessToken(page);
  const refused = await page.request.post('/api/mobiles', {
    headers: { authorization: `Bearer ${token}` },
    data: listing('Apple iPhone Refused'),
  });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toMatchObject({ code: 'phone_verification_required' });

  await page.goto('/account/security');
  const section = page.getByRole('region', { name: 'Verify your phone' });
  await expect(section.getByText(/Your listings show a phone number only once it is verified/)).toBeVisible();
  await section.getByRole('textbox', { name: 'Your phone number' }).fill(phoneNumber);
  await section.getByRole('button', { name: 'Text me a code' }).click();
  await passCodeStep(page, 'Verify the number');
  await expect(section.getByRole('status')).toHaveText(
    `Phone verified Buyers you deal with see ${phoneNumber} on your listings.`,
  );
  await check(page, 'seller-phone-01-verified');

  const title = `Apple iPhone Verified ${stamp}`;
  const created = await page.request.post('/api/mobiles', {
    headers: { authorization: `Bearer ${await accessToken(page)}` },
    data: listing(title),
  });
  expect(created.status(), await created.text()).toBe(201);
  const { insertedId } = (await created.json()) as { insertedId: string };

  await page.goto(`/mobile/${insertedId}`);
  const fact = (term: string) => page.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('+ dd');
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(fact('Seller')).toHaveText(sellerFactText('Phone Seller', 'Phone verified'));
  await expect(fact("Seller's number")).toContainText(phoneNumber);
  await check(page, 'seller-phone-02-listing');
});
