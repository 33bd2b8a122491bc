import { demoAccounts } from '@recell/api/fixtures';
import { mockAccessToken } from '@recell/api/mocks';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../testing/render-app';
import { inNewTabs } from './components/CaughtMailPage';
import { notificationsLabel } from './notifications-label';

const { seller } = demoAccounts;

describe('Notifications', () => {
  it('labels the bell with its count, and "99+" past 99', () => {
    expect(notificationsLabel(0)).toBe('Notifications');
    expect(notificationsLabel(3)).toBe('Notifications, 3 unread');
    expect(notificationsLabel(99)).toBe('Notifications, 99 unread');
    expect(notificationsLabel(100)).toBe('Notifications, 99+ unread');
  });

  it('lists them newest first, as text with a link each, the unread marked', async () => {
    renderApp('/dashboard/notifications', {
      as: seller,
      seed: (store) =>
        void store.notifications.push({
          ...store.notifications.find((item) => item._id === 'n-demo-message')!,
          _id: 'n-markup',
          text: '<b>Bold</b> <a href="https://evil.test">offer</a>',
          createdAt: '2026-11-21T09:00:00.000Z',
        }),
    });
    const rows = within(await screen.findByRole('list', { name: 'Notifications' })).getAllByRole('link');
    expect(rows.map((row) => row.getAttribute('href'))).toEqual([
      '/dashboard/messages',
      '/dashboard/myBuyers',
      '/dashboard/messages',
    ]);
    // whatever a notification says is text: its markup shows as written, and makes no element
    expect(rows[0]).toHaveTextContent('<b>Bold</b> <a href="https://evil.test">offer</a>');
    expect(rows[0]!.querySelector('b, a')).toBeNull();
    expect(rows[1]).toHaveTextContent(/^Unread: Ayesha Khan booked your Apple iPhone 14 Pro/);
    expect(rows[0]).not.toHaveTextContent('Unread');
    expect(await screen.findAllByRole('link', { name: 'Notifications, 1 unread' })).not.toHaveLength(0);
  });

  it('marks one read when it is opened, and goes to its page', async () => {
    const { user, mockStore, currentPath } = renderApp('/dashboard/notifications', { as: seller });
    const list = await screen.findByRole('list', { name: 'Notifications' });
    await user.click(within(list).getByRole('link', { name: /booked your Apple iPhone 14 Pro/ }));
    await waitFor(() => expect(currentPath()).toBe('/dashboard/myBuyers'));
    await waitFor(() =>
      expect(mockStore.notifications.find((item) => item._id === 'n-demo-booking')!.read).toBe(true),
    );
    expect(await screen.findAllByRole('link', { name: 'Notifications' })).not.toHaveLength(0);
  });

  it('marks all read', async () => {
    const { user, mockStore } = renderApp('/dashboard/notifications', { as: seller });
    const markAll = await screen.findByRole('button', { name: 'Mark all read' });
    await waitFor(() => expect(markAll).toBeEnabled());
    await user.click(markAll);
    await waitFor(() => expect(markAll).toBeDisabled());
    expect(mockStore.notifications.filter((item) => item.userId === seller._id && !item.read)).toEqual([]);
    expect(screen.getByRole('list', { name: 'Notifications' })).not.toHaveTextContent('Unread');
  });

  it('shows a notice about the account (Verified) without a listing', async () => {
    renderApp('/dashboard/notifications', {
      as: seller,
      seed: (store) =>
        void store.notifications.push({
          _id: 'n-verified',
          userId: seller._id,
          kind: 'seller_verified',
          text: 'You are a Verified seller now: your listings show the badge',
          link: '/dashboard/myProduct',
          read: false,
          createdAt: '2026-11-21T09:00:00.000Z',
        }),
    });
    const list = await screen.findByRole('list', { name: 'Notifications' });
    const row = within(list).getByRole('link', { name: /You are a Verified seller now/ });
    expect(row).toHaveAttribute('href', '/dashboard/myProduct');
    expect(row).not.toHaveTextContent(' · ');
  });

  it('says so when there are none', async () => {
    renderApp('/dashboard/notifications', { as: seller, seed: (store) => void (store.notifications = []) });
    expect(await screen.findByText(/No notifications yet/)).toBeInTheDocument();
  });

  it('keeps the bell live: the stream sets its count on another page', async () => {
    renderApp('/dashboard/myBuyers', { as: seller });
    expect(await screen.findAllByRole('link', { name: 'Notifications, 1 unread' })).not.toHaveLength(0);
    // read elsewhere (another tab): the mocks' stream tells this one the new count
    await act(() =>
      fetch('http://recell.test/api/notifications/read', {
        method: 'POST',
        headers: { authorization: `Bearer ${mockAccessToken(seller)}` },
      }),
    );
    await waitFor(() => expect(screen.queryAllByRole('link', { name: /^Notifications, / })).toEqual([]));
    expect(screen.getAllByRole('link', { name: 'Notifications' })).not.toHaveLength(0);
  });
});

describe('Notification settings', () => {
  it('offers a buyer no choice about bookings of listings they do not have', async () => {
    renderApp('/dashboard/notifications/settings', { as: demoAccounts.buyer });
    await screen.findByRole('radiogroup', { name: 'New questions and messages' });
    expect(screen.queryByRole('checkbox', { name: 'A booking of your listing' })).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /Card held/ })).toBeChecked();
  });

  it('turns a kind off by email, and shows the deal as always on, with the reason', async () => {
    const { user, mockStore } = renderApp('/dashboard/notifications/settings', { as: seller });
    const booking = await screen.findByRole('checkbox', { name: 'A booking of your listing' });
    expect(booking).toBeChecked();
    const deal = screen.getByRole('checkbox', { name: /Card held/ });
    expect(deal).toBeChecked();
    expect(deal).toBeDisabled();
    expect(deal).toHaveAccessibleDescription(
      'Always on: these are about your money, your deal and your account.',
    );
    await user.click(booking);
    await waitFor(() => expect(booking).not.toBeChecked());
    expect(mockStore.emailPreferences.get(seller._id)).toEqual({
      message: true,
      messageEmail: 'instant',
      booking: false,
      deal: true,
    });
  });

  it('offers messages each at once, as a digest or not at all, by keyboard too', async () => {
    const { user, mockStore } = renderApp('/dashboard/notifications/settings', { as: seller });
    const group = await screen.findByRole('radiogroup', { name: 'New questions and messages' });
    const choice = (name: RegExp) => within(group).getByRole('radio', { name });
    expect(choice(/^Each message/)).toBeChecked();
    await user.click(choice(/^A digest/));
    await waitFor(() => expect(choice(/^A digest/)).toBeChecked());
    expect(mockStore.emailPreferences.get(seller._id)).toMatchObject({
      message: true,
      messageEmail: 'digest',
    });
    // arrow keys move the choice, as native radios do
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(choice(/^No email/)).toBeChecked());
    expect(mockStore.emailPreferences.get(seller._id)).toMatchObject({ message: false, messageEmail: 'off' });
  });
});

describe('Unsubscribe (the page an email links to)', () => {
  // the mocks cannot check the server's signature: a token there only has to name a person the store knows
  const token = `${demoAccounts.buyer._id}.message.${'A'.repeat(43)}`;

  it('says which email stops, without signing in; opening it changes nothing, the button turns it off', async () => {
    const { user, mockStore } = renderApp(`/unsubscribe?token=${token}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Unsubscribe' })).toBeInTheDocument();
    expect(
      await screen.findByText(
        'This stops the emails about new questions and messages. Deal and payment emails stay on.',
      ),
    ).toBeInTheDocument();
    expect(mockStore.emailPreferences.get(demoAccounts.buyer._id)).toBeUndefined();

    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(
      await screen.findByText(/^Done: You will no longer get emails about new questions and messages\./),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Email settings' })).toHaveAttribute(
      'href',
      '/dashboard/notifications/settings',
    );
    expect(mockStore.emailPreferences.get(demoAccounts.buyer._id)).toEqual({
      message: false,
      messageEmail: 'off',
      booking: true,
      deal: true,
    });
  });

  it('says so when that email is already off, and offers no button', async () => {
    renderApp(`/unsubscribe?token=${token}`, {
      seed: (store) =>
        void store.emailPreferences.set(demoAccounts.buyer._id, {
          message: false,
          messageEmail: 'off',
          booking: true,
          deal: true,
        }),
    });
    expect(
      await screen.findByText(/^You will no longer get emails about new questions and messages/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).not.toBeInTheDocument();
  });

  it('refuses a link that does not verify, and one cut short, with nothing to press', async () => {
    const { unmount } = renderApp(`/unsubscribe?token=nobody.message.${'A'.repeat(43)}`);
    expect(await screen.findByText('This unsubscribe link is not valid')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).not.toBeInTheDocument();
    unmount();
    renderApp('/unsubscribe');
    expect(await screen.findByText(/This link is not complete/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).not.toBeInTheDocument();
  });
});

describe('Demo mail (admins)', () => {
  it('lists the caught mail and shows one: its HTML sandboxed with links to new tabs, and its text part', async () => {
    const { user, mockStore } = renderApp('/dashboard/mail', {
      as: demoAccounts.admin,
      seed: (store) =>
        void (store.caughtMail[0]!.html = '<p>Booked</p><script>parent.document.title = "pwned"</script>'),
    });
    const [caught] = mockStore.caughtMail;
    await user.click(await screen.findByRole('link', { name: new RegExp(caught!.subject) }));
    expect(await screen.findByRole('heading', { level: 1, name: caught!.subject })).toBeInTheDocument();
    const frame = screen.getByTitle(`The HTML part of “${caught!.subject}”`);
    expect(frame.tagName).toBe('IFRAME');
    // no scripts, no forms, no same origin: only a link's new tab
    expect(frame.getAttribute('sandbox')).toBe('allow-popups allow-popups-to-escape-sandbox');
    expect(frame.getAttribute('srcdoc')).toBe(`<base target="_blank">${caught!.html}`);
    expect(inNewTabs('<html><head><title>t</title></head><body><a href="/x">x</a></body></html>')).toBe(
      '<html><head><base target="_blank"><title>t</title></head><body><a href="/x">x</a></body></html>',
    );
    expect(
      screen.getByText(/See your buyers: http:\/\/localhost:3000\/dashboard\/myBuyers/),
    ).toBeInTheDocument();
    expect(screen.getByText(caught!.listUnsubscribe!)).toBeInTheDocument();
  });

  it('is for admins only', async () => {
    const { currentPath } = renderApp('/dashboard/mail', { as: seller });
    await screen.findByRole('heading', { name: 'Login' });
    expect(currentPath()).toBe('/login?from=%2Fdashboard%2Fmail');
  });
});
