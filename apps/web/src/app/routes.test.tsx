import { bookings, demoAccounts } from '@recell/api/fixtures';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { findStatus } from '../testing/alerts';
import { renderApp } from '../testing/render-app';

const unpaid = bookings.find((booking) => !booking.paid && booking.email === demoAccounts.buyer.email)!;

describe('routes and guards', () => {
  it('shows the error page with the spec text for an unknown route', async () => {
    renderApp('/no-such-page');
    expect(
      await screen.findByRole('heading', { name: 'Error 404. Please Log Out and Sign In Back' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Error: Not Found')).toBeInTheDocument();
    expect(document.title).toBe('Error | ReCell');
    // a visitor has nothing to log out of: the words stay, the button does not
    expect(screen.queryByRole('button', { name: 'Log Out' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });

  it('gives a screen that fails on the server its own page with Try again, not the 404 page', async () => {
    const { user } = renderApp(`/dashboard/payment/${unpaid._id}`, {
      as: demoAccounts.buyer,
      handlers: [
        http.get(
          '*/api/bookings/:id',
          () => HttpResponse.json({ message: 'Database busy' }, { status: 500 }),
          {
            once: true,
          },
        ),
      ],
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Something went wrong' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Database busy')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /Error 404/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    await waitFor(() => expect(document.title).toBe('Something went wrong | ReCell'));
    // the server is back: Try again loads the screen
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: /^Payment For/ })).toBeInTheDocument();
  });

  it('gives a failed list a Try again that loads it again', async () => {
    const { user } = renderApp('/dashboard', {
      as: demoAccounts.buyer,
      handlers: [
        http.get('*/api/bookings', () => HttpResponse.json({ message: 'Database busy' }, { status: 500 }), {
          once: true,
        }),
      ],
    });
    const alert = (await screen.findByRole('heading', { name: 'Could not load your orders' })).closest(
      '[role="alert"]',
    ) as HTMLElement;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('cell', { name: unpaid.MobileName })).toBeInTheDocument();
    expect(screen.queryByText('Could not load your orders')).not.toBeInTheDocument();
  });

  it('sends a signed-out visitor from a private route to /login, remembering where they were', async () => {
    const { currentPath } = renderApp('/category/02');
    await screen.findByRole('heading', { name: 'Login' });
    expect(currentPath()).toBe('/login?from=%2Fcategory%2F02');
  });

  it('lets a signed-in buyer into a private route', async () => {
    const { currentPath } = renderApp('/dashboard/wishlist', { as: demoAccounts.buyer });
    await screen.findByRole('heading', { name: 'Cart' });
    expect(currentPath()).toBe('/dashboard/wishlist');
    expect(document.title).toBe('Cart | ReCell');
  });

  it('signs out from the error page with the spec notice', async () => {
    const { user } = renderApp('/nowhere', { as: demoAccounts.buyer });
    await user.click(await screen.findByRole('button', { name: 'Log Out' }));
    await findStatus('User Logged Out');
    await waitFor(() => expect(screen.getByRole('link', { name: 'Login' })).toBeInTheDocument());
  });

  it.each([
    ['/', undefined, 'ReCell: used phones, fairly sold', 'ReCell: used phones, bought and sold'],
    ['/login', undefined, 'Login | ReCell', 'Login'],
    ['/register', undefined, 'Sign Up | ReCell', 'Sign Up'],
    ['/blogs', undefined, 'Blogs | ReCell', 'Blogs'],
    ['/about', undefined, 'About | ReCell', 'About ReCell'],
    ['/category/01', 'buyer', 'Xiaomi phones | ReCell', /Xiaomi/],
    ['/dashboard', 'buyer', 'My Orders | ReCell', 'My Orders'],
    ['/dashboard', 'seller', 'My Product | ReCell', 'My Product'],
    ['/dashboard/wishlist', 'buyer', 'Cart | ReCell', 'Cart'],
    [`/dashboard/payment/${unpaid._id}`, 'buyer', 'Payment | ReCell', /Payment For/],
    ['/dashboard/users', 'admin', 'All Users | ReCell', 'All Users'],
    ['/dashboard/report', 'admin', 'Reports | ReCell', /Report/],
    ['/dashboard/addProduct', 'seller', 'Add Product | ReCell', 'Add Product'],
    ['/dashboard/myProduct', 'seller', 'My Product | ReCell', 'My Product'],
    ['/dashboard/myBuyers', 'seller', 'My Buyers | ReCell', 'My Buyers'],
    ['/dashboard/notifications', 'buyer', 'Notifications | ReCell', 'Notifications'],
    ['/dashboard/notifications/settings', 'buyer', 'Notification settings | ReCell', 'Notification settings'],
    ['/dashboard/mail', 'admin', 'Demo mail | ReCell', 'Demo mail'],
    ['/unsubscribe', undefined, 'Unsubscribe | ReCell', 'Unsubscribe'],
    ['/reset', undefined, 'Reset your password | ReCell', 'Reset your password'],
    ['/no-such-page', undefined, 'Error | ReCell', /Error 404/],
  ] as const)('titles %s (as %s) "%s"', async (path, persona, title, heading) => {
    renderApp(path, persona ? { as: demoAccounts[persona] } : {});
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(title));
  });
});
