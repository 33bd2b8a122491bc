import { bookings, demoAccounts } from '@recell/api/fixtures';
import type { MockStore } from '@recell/api/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import {
  at375,
  dashboardMenuOnMobile,
  emptyState,
  errorState,
  loadingState,
  page,
  screenMeta,
} from '../testing/story-helpers';

const meta = {
  title: 'Screens/Dashboard/My Orders',
  tags: ['!autodocs'],
  ...screenMeta({ route: '/dashboard', persona: 'buyer' }),
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const mine = bookings.filter((booking) => booking.email === demoAccounts.buyer.email);
const unpaid = mine.find((booking) => !booking.paid)!;
const paid = mine.find((booking) => booking.paid)!;
/** An unpaid booking's one button: its words, then the phone. */
const payName = `Pay to hold $${unpaid.price} for ${unpaid.MobileName}`;

export const Loaded: Story = {
  play: async () => {
    const unpaidRow = within((await page().findByRole('cell', { name: unpaid.MobileName })).closest('tr')!);
    // booked is not protected yet: the row says so, and its button finishes it
    await expect(unpaidRow.getByText('Booked, not paid')).toBeVisible();
    await expect(unpaidRow.getByRole('link', { name: payName })).toHaveAttribute(
      'href',
      `/dashboard/payment/${unpaid._id}`,
    );
    const paidRow = within(page().getByRole('cell', { name: paid.MobileName }).closest('tr')!);
    await expect(paidRow.getByText('Paid')).toBeVisible();
    const menu = within(page().getByRole('navigation', { name: 'Dashboard' }));
    await expect(menu.getByRole('link', { name: 'Cart' })).toBeInTheDocument();
  },
};

export const OnMobile: Story = dashboardMenuOnMobile('Cart');

/** On a phone each order is a card: "Phone: ..." lines, and Pay and Cancel on the screen, not past its edge. */
async function rowsAsCards() {
  const pay = await page().findByRole('link', { name: payName });
  const cancel = page().getByRole('button', { name: `Cancel booking of ${unpaid.MobileName}` });
  for (const action of [pay, cancel]) {
    await expect(action).toBeVisible();
    await expect(action.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth);
  }
  // still a table for screen readers: the cell is named, its column header is there
  await expect(page().getByRole('cell', { name: unpaid.MobileName })).toBeInTheDocument();
  await expect(page().getAllByRole('columnheader', { name: 'Payment' })).toHaveLength(1);
  const row = pay.closest('tr')!;
  await expect(getComputedStyle(row).display).toBe('block');
  await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
}

export const OnPhone375: Story = at375({ play: rowsAsCards });

export const OnPhone320: Story = {
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async () => {
    await expect(window.innerWidth).toBe(320);
    await rowsAsCards();
  },
};

/** From a tablet up the rows are a table's rows again. */
export const OnTablet: Story = {
  globals: { viewport: { value: 'tablet', isRotated: false } },
  play: async () => {
    const pay = await page().findByRole('link', { name: payName });
    await expect(getComputedStyle(pay.closest('tr')!).display).toBe('table-row');
  },
};

/** The seller took the listing down before the buyer paid: the booking stays, cancelled, with no Pay. */
export const Cancelled: Story = {
  parameters: {
    screen: {
      seed: (store: MockStore) => {
        store.bookings = store.bookings.map((booking) =>
          booking._id === unpaid._id ? { ...booking, cancelled: true } : booking,
        );
      },
    },
  },
  play: async () => {
    const row = within((await page().findByRole('cell', { name: unpaid.MobileName })).closest('tr')!);
    await expect(row.getByText('Cancelled: no longer listed')).toBeVisible();
    await expect(row.queryByRole('link', { name: /Pay/ })).toBeNull();
  },
};

/** The buyer called an unpaid booking off: it stays, cancelled by them, with no Pay and no Cancel. */
export const CancelledByYou: Story = {
  parameters: {
    screen: {
      seed: (store: MockStore) => {
        store.bookings = store.bookings.map((booking) =>
          booking._id === unpaid._id
            ? { ...booking, cancelled: true, cancelledBy: 'buyer' as const }
            : booking,
        );
      },
    },
  },
  play: async () => {
    const row = within((await page().findByRole('cell', { name: unpaid.MobileName })).closest('tr')!);
    await expect(row.getByText('Cancelled by you')).toBeVisible();
    await expect(row.queryByRole('link', { name: /Pay/ })).toBeNull();
    await expect(row.queryByRole('button', { name: /^Cancel booking/ })).toBeNull();
  },
};

/** Cancel asks first, saying what it means. */
export const CancelAsksFirst: Story = {
  play: async () => {
    const row = within((await page().findByRole('cell', { name: unpaid.MobileName })).closest('tr')!);
    (await row.findByRole('button', { name: `Cancel booking of ${unpaid.MobileName}` })).click();
    const dialog = within(await page().findByRole('dialog'));
    // The dialog fades in.
    await waitFor(() =>
      expect(dialog.getByText(/You will not be able to pay for this booking/)).toBeVisible(),
    );
    await expect(dialog.getByRole('button', { name: 'Keep it' })).toBeVisible();
  },
};

export const Admin: Story = {
  parameters: { screen: { persona: 'admin' } },
  play: async () => {
    await expect(await page().findByRole('heading', { name: 'My Orders' })).toBeVisible();
    const menu = within(page().getByRole('navigation', { name: 'Dashboard' }));
    await expect(menu.getByRole('link', { name: 'All Users' })).toBeInTheDocument();
  },
};

/** Someone else bought the last unit: the unpaid booking says Sold out instead of Pay. */
export const SoldOut: Story = {
  parameters: {
    screen: {
      seed: (store: MockStore) => {
        store.mobiles = store.mobiles.map((phone) =>
          phone._id === unpaid.mobileId ? { ...phone, stock: 0 } : phone,
        );
      },
    },
  },
  play: async () => {
    const row = within((await page().findByRole('cell', { name: unpaid.MobileName })).closest('tr')!);
    await expect(row.getByText('Sold out')).toBeVisible();
    await expect(row.queryByRole('link', { name: /Pay/ })).toBeNull();
  },
};

/** More orders than a page holds: the pager under the table, page 2 in the URL. */
export const InPages: Story = {
  parameters: {
    screen: {
      route: '/dashboard?page=2',
      seed: (store: MockStore) => {
        store.bookings = Array.from({ length: 23 }, (_, i) => ({
          ...unpaid,
          _id: `b-extra-${i + 1}`,
          MobileName: `Order phone ${i + 1}`,
          bookingTime: new Date(Date.UTC(2026, 0, 1) - i * 60_000).toISOString(),
        }));
      },
    },
  },
  play: async () => {
    await expect(await page().findByRole('cell', { name: 'Order phone 23' })).toBeVisible();
    const pages = within(page().getByRole('navigation', { name: 'Pages' }));
    await expect(pages.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  },
};

export const Loading = loadingState('Loading your orders');
export const Empty = emptyState('You have not booked any phone yet.');
export const ServerError = errorState('Could not load your orders');
