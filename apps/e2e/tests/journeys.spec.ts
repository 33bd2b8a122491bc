// The three journeys of issue #5, and a visitor's (public pages, the guard's return after login, sign-out),
// against the real server, database, Auth emulator and built web app. They run in order on one database: the
// admin deletes the demo buyer last, after the visitor signed in as them and the seller saw them as a buyer.
import { demoAccounts, demoSellerPhones } from '@recell/api/fixtures';
import { logIn, signIn } from '../src/accounts';
import { buyerJourney, toast } from '../src/buyer-journey';
import { check, expect, test } from '../src/fixtures';
import { pngBytes } from '../src/picture';

test.describe.configure({ mode: 'serial' });

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
  // no number to type: the form shows the one buyers with a held card will get, the account's verified number
  const numberLine = page.getByText(/^Buyers whose card is held for this phone see your verified number/);
  await expect(numberLine).toHaveText(
    `Buyers whose card is held for this phone see your verified number, ${demoSellerPhones[seller._id]}. Change it in Sign-in security.`,
  );
  await expect(numberLine.getByRole('link', { name: 'Sign-in security' })).toHaveAttribute(
    'href',
    '/account/security',
  );
  await expect(page.getByLabel('Phone number')).toHaveCount(0);
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
  await page.getByLabel('Location').fill('Dhaka, Dhanmondi');
  await page.getByLabel('Colour (optional)').fill('Mint green');
  await page.getByLabel('Battery health, % (optional)').fill('91');
  await page.getByLabel('Details').fill('A journey phone in good shape.');
  await page.getByRole('button', { name: 'Add Product' }).click();
  await toast(page, 'Mobile added');
  // back on My Product, the new row marked
  await expect(page).toHaveURL(/\/dashboard\/myProduct\?added=/);
  await expect(page.getByRole('cell', { name: `${title} (new)`, exact: true })).toBeVisible();
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
  // newest first: the demo accounts are the oldest, below this worker's sign-ups; the find box reaches them
  await expect(page.getByRole('heading', { level: 1, name: 'All Users' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Name or email' }).fill('@recell.test');
  await page.getByRole('button', { name: 'Find' }).click();
  await expect(page).toHaveURL(/\?q=%40recell\.test$/);
  await page.getByRole('searchbox', { name: 'Name or email' }).fill(demoAccounts.seller.email);
  await page.getByRole('searchbox', { name: 'Name or email' }).press('Enter');
  await expect(page.getByRole('cell', { name: demoAccounts.seller.email, exact: true })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Name or email' }).fill(buyer.email);
  await page.getByRole('searchbox', { name: 'Name or email' }).press('Enter');
  await expect(page.getByRole('cell', { name: buyer.email, exact: true })).toBeVisible();
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
