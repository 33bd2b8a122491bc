// The three journeys of issue #5, and a visitor's (public pages, the guard's return after login, sign-out),
// against the real server, database, Auth emulator and built web app. They run in order on one database: the
// admin deletes the demo buyer last, after the visitor signed in as them and the seller saw them as a buyer.
import { demoAccounts } from '@recell/api/fixtures';
import { deflateSync } from 'node:zlib';
import { logIn, signIn } from '../src/accounts';
import { buyerJourney, toast } from '../src/buyer-journey';
import { check, expect, test } from '../src/fixtures';

test.describe.configure({ mode: 'serial' });

/** A 24x24 opaque PNG, made here so the upload is a real image the server's picture pipeline accepts. */
function pngBytes(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const size = 24;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows = Buffer.concat(
    Array.from({ length: size }, (_, y) =>
      Buffer.concat([Buffer.from([0]), Buffer.alloc(size * 3, y < size / 2 ? 0x1f : 0xe0)]),
    ),
  );
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

test('a buyer registers, books, adds to the cart, reports, pays and is declined', async ({ page }) => {
  await buyerJourney(page, 'buyer');
});

test('a visitor reads the public pages, is sent from the cart to /login and back, and signs out', async ({
  page,
}) => {
  const buyer = demoAccounts.buyer;
  await page.goto('/blogs');
  await expect(page.getByRole('heading', { name: 'Blogs', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
  await check(page, 'visitor-01-blogs');

  await page.goto('/about');
  await expect(page.getByRole('heading', { name: 'About ReCell', level: 1 })).toBeVisible();
  await check(page, 'visitor-02-about');

  await page.goto('/no-such-page');
  await expect(
    page.getByRole('heading', { name: 'Error 404. Please Log Out and Sign In Back', level: 1 }),
  ).toBeVisible();
  await expect(page.getByText('Error: Not Found')).toBeVisible();
  await check(page, 'visitor-03-error');

  // a guarded page sends a visitor to /login, which returns them there after signing in
  await page.goto('/dashboard/wishlist');
  await expect(page).toHaveURL(/\/login\?from=%2Fdashboard%2Fwishlist$/);
  await expect(page.getByRole('heading', { name: 'Login', level: 1 })).toBeVisible();
  await check(page, 'visitor-04-login');
  await logIn(page, buyer.email, buyer.password);
  await expect(page).toHaveURL(/\/dashboard\/wishlist$/);
  await expect(page.getByRole('heading', { name: 'Cart', level: 1 })).toBeVisible();

  await page.getByRole('button', { name: /sign out/i }).click();
  await toast(page, 'User Logged Out');
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
  // signed out for real: the guard sends them to /login again, after a reload too
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login\?from=%2Fdashboard$/);
});

test('a seller adds a product, advertises it, finds it on the home page and sees a buyer', async ({
  page,
}) => {
  const seller = demoAccounts.seller;
  const title = `Samsung Galaxy E2E ${Date.now() % 100000}`;
  await signIn(page, seller.email, seller.password);
  await page.goto('/dashboard/addProduct');
  await expect(page.getByRole('heading', { name: 'Add Product' })).toBeVisible();
  await check(page, 'seller-01-add-product');

  await page.getByLabel('Name', { exact: true }).fill(title);
  await page.locator('input[type="file"]').setInputFiles({
    name: 'phone.png',
    mimeType: 'image/png',
    buffer: pngBytes(),
  });
  await page.getByLabel('Resale price').fill('250');
  await page.getByLabel('Buying price').fill('400');
  await page.getByLabel('Year of purchase').fill('2023');
  await page.getByLabel('Years of use').fill('2');
  await page.getByLabel('Phone number').fill('+880 1811 222333');
  await page.getByLabel('Location').fill('Dhaka, Dhanmondi');
  await page.getByLabel('Booking ID').fill('E2E-001');
  await page.getByLabel('Details').fill('A journey phone in good shape.');
  await page.getByRole('button', { name: 'Add Product' }).click();
  await toast(page, 'Mobile added');
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/dashboard/myProduct');
  await expect(page.getByRole('cell', { name: title, exact: true })).toBeVisible();
  await check(page, 'seller-02-my-product');
  await page.getByRole('button', { name: `Advertise ${title}` }).click();
  await toast(page, 'Mobile has been published to the advertise section');

  await page.goto('/');
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await check(page, 'seller-03-home-advertised');

  await page.goto('/dashboard/myBuyers');
  await expect(page.getByRole('cell', { name: demoAccounts.buyer.email, exact: true }).first()).toBeVisible();
  await check(page, 'seller-04-my-buyers');
});

test('an admin sees all users, deletes the buyer and sees the reports', async ({ page }) => {
  const admin = demoAccounts.admin;
  const buyer = demoAccounts.buyer;
  await signIn(page, admin.email, admin.password);
  await page.goto('/dashboard/users');
  await expect(page.getByRole('cell', { name: buyer.email, exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: demoAccounts.seller.email, exact: true })).toBeVisible();
  await check(page, 'admin-01-users');

  await page.getByRole('button', { name: `Delete ${buyer.name}` }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await check(page, 'admin-02-confirm-delete');
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await toast(page, 'Deleted Successfully');
  await expect(page.getByRole('cell', { name: buyer.email, exact: true })).toHaveCount(0);

  await page.goto('/dashboard/report');
  await expect(page.getByRole('heading', { name: 'Xiaomi Poco X5 Pro' })).toBeVisible();
  await expect(page.getByText('This is fake').first()).toBeVisible();
  await check(page, 'admin-03-reports');
});
