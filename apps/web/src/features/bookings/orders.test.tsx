import { bookings, demoAccounts, wishlist } from '@recell/api/fixtures';
import type { MockStore } from '@recell/api/mocks';
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findStatus } from '../../testing/alerts';
import { renderApp } from '../../testing/render-app';

const unpaid = bookings.find((booking) => !booking.paid)!;
const paid = bookings.find((booking) => booking.paid)!;

describe('My Orders', () => {
  it('lists the buyer’s bookings: unpaid ones say so with Pay to hold, paid ones say Paid', async () => {
    renderApp('/dashboard', { as: demoAccounts.buyer });
    const unpaidRow = (await screen.findByRole('cell', { name: unpaid.MobileName })).closest('tr')!;
    expect(within(unpaidRow).getByText('Booked, not paid')).toBeInTheDocument();
    const pay = within(unpaidRow).getByRole('link', {
      name: `Pay to hold $${unpaid.price} for ${unpaid.MobileName}`,
    });
    expect(pay).toHaveTextContent(`Pay to hold $${unpaid.price}`);
    expect(pay).toHaveAttribute('href', `/dashboard/payment/${unpaid._id}`);
    const paidRow = screen.getByRole('cell', { name: paid.MobileName }).closest('tr')!;
    expect(within(paidRow).getByText('Paid')).toBeInTheDocument();
    expect(within(paidRow).queryByRole('link', { name: /Pay/ })).not.toBeInTheDocument();
    expect(document.title).toBe('My Orders | ReCell');
  });

  it('shows a booking whose listing was taken down as cancelled, with no Pay', async () => {
    renderApp('/dashboard', {
      as: demoAccounts.buyer,
      seed: (store) => {
        store.bookings = store.bookings.map((booking) =>
          booking._id === unpaid._id ? { ...booking, cancelled: true } : booking,
        );
      },
    });
    const row = (await screen.findByRole('cell', { name: unpaid.MobileName })).closest('tr')!;
    expect(within(row).getByText('Cancelled: no longer listed')).toBeInTheDocument();
    expect(within(row).queryByRole('link', { name: /Pay/ })).not.toBeInTheDocument();
  });

  it('cancels an unpaid booking after asking, and then shows it as cancelled by the buyer', async () => {
    const { user, mockStore } = renderApp('/dashboard', { as: demoAccounts.buyer });
    const paidRow = (await screen.findByRole('cell', { name: paid.MobileName })).closest('tr')!;
    expect(within(paidRow).queryByRole('button', { name: /^Cancel booking/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: `Cancel booking of ${unpaid.MobileName}` }));
    const dialog = await screen.findByRole('dialog', {
      name: `Cancel your booking of ${unpaid.MobileName}?`,
    });
    // Keeping it changes nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(mockStore.bookings.find((booking) => booking._id === unpaid._id)?.cancelled).toBe(false);

    await user.click(screen.getByRole('button', { name: `Cancel booking of ${unpaid.MobileName}` }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel booking' }),
    );
    await findStatus('Booking cancelled');
    const row = (await screen.findByText('Cancelled by you')).closest('tr')!;
    expect(within(row).getByRole('cell', { name: unpaid.MobileName })).toBeInTheDocument();
    expect(within(row).queryByRole('link', { name: /Pay/ })).not.toBeInTheDocument();
    expect(mockStore.bookings.find((booking) => booking._id === unpaid._id)).toMatchObject({
      cancelled: true,
      cancelledBy: 'buyer',
    });
  });

  it('shows an unpaid booking whose phone sold out as Sold out, with no Pay', async () => {
    renderApp('/dashboard', {
      as: demoAccounts.buyer,
      seed: (store) => {
        store.mobiles = store.mobiles.map((phone) =>
          phone._id === unpaid.mobileId ? { ...phone, stock: 0 } : phone,
        );
      },
    });
    const row = (await screen.findByRole('cell', { name: unpaid.MobileName })).closest('tr')!;
    expect(within(row).getByText('Sold out')).toBeInTheDocument();
    expect(within(row).queryByRole('link', { name: /Pay/ })).not.toBeInTheDocument();
  });

  it('says so when there are no orders yet', async () => {
    renderApp('/dashboard', { as: demoAccounts.buyer, seed: (store) => (store.bookings = []) });
    expect(await screen.findByText('You have not booked any phone yet.')).toBeInTheDocument();
  });

  it('shows My Orders, Cart, Messages and Notifications in the side menu of a buyer', async () => {
    renderApp('/dashboard', { as: demoAccounts.buyer });
    const menu = screen.getByRole('navigation', { name: 'Dashboard' });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['My Orders', 'Cart', 'Messages', 'Notifications', 'Sign-in security']);
  });
});

describe('My Orders in pages', () => {
  const mine = bookings.find((booking) => booking.email === demoAccounts.buyer.email && !booking.paid)!;
  const fill = (count: number) => (store: MockStore) => {
    store.bookings = Array.from({ length: count }, (_, i) => ({
      ...mine,
      _id: `b-extra-${i + 1}`,
      MobileName: `Order phone ${i + 1}`,
      // newest first: phone 1 is the newest
      bookingTime: new Date(Date.UTC(2020, 0, 1) - i * 60_000).toISOString(),
    }));
  };

  it('shows 20 a page and the rest on page 2, in the URL, where a cancel refetches the page', async () => {
    const { user, currentPath } = renderApp('/dashboard', { as: demoAccounts.buyer, seed: fill(23) });
    expect(await screen.findByRole('cell', { name: 'Order phone 1' })).toBeInTheDocument();
    expect(screen.getAllByRole('cell', { name: /^Order phone/ })).toHaveLength(20);
    await user.click(
      within(screen.getByRole('navigation', { name: 'Pages' })).getByRole('link', { name: 'Next page' }),
    );
    expect(await screen.findByRole('cell', { name: 'Order phone 23' })).toBeInTheDocument();
    expect(screen.getAllByRole('cell', { name: /^Order phone/ })).toHaveLength(3);
    expect(currentPath()).toBe('/dashboard?page=2');
    expect(screen.getByRole('heading', { level: 1, name: 'My Orders' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Cancel booking of Order phone 23' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel booking' }),
    );
    const row = (await screen.findByText('Cancelled by you')).closest('tr')!;
    expect(within(row).getByRole('cell', { name: 'Order phone 23' })).toBeInTheDocument();
  });

  it('shows a new booking made from the cart on page 1 of My Orders', async () => {
    const item = wishlist[0]!;
    const { user, location } = renderApp('/dashboard?page=2', {
      as: demoAccounts.buyer,
      seed: (store) => {
        fill(23)(store);
        // paid: open bookings are capped, and the cart's Buy opens one more
        store.bookings = store.bookings.map((booking) => ({ ...booking, paid: true }));
      },
    });
    expect(await screen.findByRole('cell', { name: 'Order phone 23' })).toBeInTheDocument();
    await user.click(
      within(screen.getByRole('navigation', { name: 'Pages' })).getByRole('link', { name: 'Page 1' }),
    );
    expect(await screen.findByRole('cell', { name: 'Order phone 1' })).toBeInTheDocument();
    act(() => location.navigate('/dashboard/wishlist'));
    await user.click(await screen.findByRole('button', { name: `Buy ${item.MobileName}` }));
    await findStatus('Booking Confirmed');
    act(() => location.navigate('/dashboard'));
    // page 1 was cached before the booking: the booking invalidated every page, so it is fetched again
    expect(await screen.findByRole('cell', { name: item.MobileName })).toBeInTheDocument();
  });
});

describe('Cart', () => {
  it("buys a cart item: the button turns to 'Ordered' and the booking is made", async () => {
    const item = wishlist[0]!;
    const { user, mockStore } = renderApp('/dashboard/wishlist', { as: demoAccounts.buyer });
    await user.click(await screen.findByRole('button', { name: `Buy ${item.MobileName}` }));
    expect(await screen.findByRole('button', { name: `${item.MobileName} ordered` })).toHaveTextContent(
      'Ordered',
    );
    await findStatus('Booking Confirmed');
    expect(mockStore.bookings.at(-1)).toMatchObject({
      mobileId: item.wishlistedID,
      email: demoAccounts.buyer.email,
    });
  });

  it('says so when the cart is empty', async () => {
    renderApp('/dashboard/wishlist', { as: demoAccounts.buyer, seed: (store) => (store.wishlist = []) });
    expect(await screen.findByText('Your cart is empty.')).toBeInTheDocument();
  });
});
