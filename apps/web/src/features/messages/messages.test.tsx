import { demoAccounts, otherSeller } from '@recell/api/fixtures';
import { streamDown, type MockStore } from '@recell/api/mocks';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../testing/render-app';
import { server } from '../../testing/server';

const { buyer, seller } = demoAccounts;

describe('Messages', () => {
  it('lists the conversations newest first with their unread marks, and counts them in the navbar', async () => {
    renderApp('/dashboard/messages', { as: buyer });
    const list = await screen.findByRole('list', { name: 'Conversations' });
    const rows = within(list).getAllByRole('link');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining(`${otherSeller.name} · Xiaomi 13T`),
      expect.stringContaining(`${seller.name} · Apple iPhone 14 Pro`),
    ]);
    expect(within(rows[0]!).getByText('unread')).toBeInTheDocument();
    expect(await screen.findAllByRole('link', { name: 'Messages (1 unread)' })).not.toHaveLength(0);
  });

  it('says so when there are none', async () => {
    renderApp('/dashboard/messages', { as: buyer, seed: (store) => void (store.conversations = []) });
    expect(await screen.findByText(/No messages yet/)).toBeInTheDocument();
  });

  it('shows a thread as plain text with the banner on the received message, and marks it read', async () => {
    const { mockStore } = renderApp('/dashboard/messages/c-demo-13t', { as: buyer });
    const note = await screen.findByRole('note', { name: 'Safety warning' });
    expect(note).toHaveTextContent(
      'This message contains a phone number and a request to pay outside ReCell.',
    );
    expect(note).toHaveTextContent('not protected');
    // never a link out of a message, whatever it says
    expect(
      screen.getByRole('list', { name: `Messages with ${otherSeller.name}` }).querySelector('a'),
    ).toBeNull();
    await waitFor(() =>
      expect(mockStore.conversations.find((c) => c._id === 'c-demo-13t')!.buyerReadSeq).toBe(6),
    );
    expect(await screen.findAllByRole('link', { name: 'Messages' })).not.toHaveLength(0);
  });

  it('sends with the button, keeps focus in the box, and shows "Seen" once the other side read it', async () => {
    const { user, mockStore } = renderApp('/dashboard/messages/c-demo-iphone', { as: buyer });
    const box = await screen.findByRole('textbox', { name: `Message to ${seller.name}` });
    await user.type(box, 'See you at 6{Enter}Bring the box, please');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const sent = await screen.findByText(/See you at 6\s+Bring the box, please/);
    expect(sent).toBeInTheDocument();
    expect(box).toHaveValue('');
    expect(box).toHaveFocus();
    expect(mockStore.messages.at(-1)?.text).toBe('See you at 6\nBring the box, please');
    expect(screen.queryByText('Seen')).toBeNull();
    // the seller reads it: the stream says so and "Seen" appears under it without a reload
    const conversation = mockStore.conversations.find((c) => c._id === 'c-demo-iphone')!;
    const upTo = mockStore.messages.at(-1)!.seq;
    await act(() =>
      fetch('http://recell.test/api/conversations/c-demo-iphone/read', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${btoa('{}')}.${btoa(JSON.stringify({ sub: seller._id, email: seller.email }))}.`,
        },
        body: JSON.stringify({ upTo }),
      }),
    );
    expect(conversation.sellerReadSeq).toBe(upTo);
    expect(await screen.findByText('Seen')).toBeInTheDocument();
  });

  it('asks before blocking, then blocks and unblocks the other person', async () => {
    const { user, mockStore } = renderApp('/dashboard/messages/c-demo-iphone', { as: buyer });
    await user.click(await screen.findByRole('button', { name: `Block ${seller.name}` }));
    // the question first: Cancel blocks nobody
    const asked = await screen.findByRole('dialog', { name: `Block ${seller.name}?` });
    await user.click(within(asked).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(mockStore.blocks).toEqual([]);
    await user.click(screen.getByRole('button', { name: `Block ${seller.name}` }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Block' }));
    await user.click(await screen.findByRole('button', { name: `Unblock ${seller.name}` }));
    expect(await screen.findByRole('button', { name: `Block ${seller.name}` })).toBeInTheDocument();
  });

  it("puts an unpaid deal's one next step, Pay to hold, at the top of its thread for the buyer only", async () => {
    const unpaid = (store: MockStore) =>
      void (store.bookings = store.bookings.map((booking) =>
        booking._id === 'b-demo-held' ? { ...booking, status: 'unpaid', paid: false } : booking,
      ));
    const { unmount } = renderApp('/dashboard/messages/c-demo-iphone', { as: buyer, seed: unpaid });
    expect(await screen.findByText(/Booked, not paid yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Pay to hold Apple iPhone 14 Pro' })).toHaveAttribute(
      'href',
      '/dashboard/payment/b-demo-held',
    );
    unmount();
    renderApp('/dashboard/messages/c-demo-iphone', { as: seller, seed: unpaid });
    expect(await screen.findByText(/Booked, not paid yet/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Pay to hold/ })).not.toBeInTheDocument();
  });

  it('says a removed listing closed the conversation', async () => {
    renderApp('/dashboard/messages/c-demo-13t', {
      as: buyer,
      seed: (store) => void (store.mobiles = store.mobiles.filter((mobile) => mobile._id !== 'm-xiaomi-13t')),
    });
    expect(
      await screen.findByText(/This listing was removed, so the conversation is closed/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();
  });

  it('says it is reconnecting while the live stream is down', async () => {
    renderApp('/dashboard/messages/c-demo-iphone', { as: buyer, handlers: [streamDown()] });
    expect(await screen.findByText(/Reconnecting/)).toBeInTheDocument();
  });

  it("opens the live stream once the page's first answers have come, then reads the counts again", async () => {
    const asked: string[] = [];
    const record = ({ request }: { request: Request }) => void asked.push(new URL(request.url).pathname);
    server.events.on('request:start', record);
    let answer: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (answer = resolve));
    try {
      renderApp('/category/02', {
        as: buyer,
        // the category's phones wait until the test lets them through (then the mocks answer)
        handlers: [http.get('*/api/mobiles/02', () => held)],
      });
      await waitFor(() => expect(asked).toContain('/api/conversations/unread'));
      await waitFor(() => expect(asked).toContain('/api/mobiles/02'));
      // the page is still waiting for its list: the stream has not been asked for
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(asked).not.toContain('/api/events');
      answer();
      expect(await screen.findByRole('heading', { name: 'Samsung Galaxy S21' })).toBeInTheDocument();
      await waitFor(() => expect(asked).toContain('/api/events'));
      // whatever came between the first counts and the stream's start is read again
      await waitFor(() =>
        expect(asked.filter((path) => path === '/api/conversations/unread')).toHaveLength(2),
      );
      await waitFor(() =>
        expect(asked.filter((path) => path === '/api/notifications/unread')).toHaveLength(2),
      );
    } finally {
      answer();
      server.events.removeListener('request:start', record);
    }
  });

  it('asks the seller from a listing and opens the new thread', async () => {
    const { user, mockStore } = renderApp('/mobile/m-samsung-s21', { as: buyer });
    // the button waits for the buyer's conversations (one about this phone would be opened instead): a click
    // before they have answered does nothing, as CI's load once showed
    const ask = await screen.findByRole('button', { name: 'Ask the seller' });
    await waitFor(() => expect(ask).toBeEnabled());
    await user.click(ask);
    await user.type(await screen.findByRole('textbox', { name: 'Your question' }), 'Is it unlocked?');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('heading', { name: `Messages with ${seller.name}` })).toBeInTheDocument();
    expect(await screen.findByText('Is it unlocked?')).toBeInTheDocument();
    expect(mockStore.conversations.some((c) => c.mobileId === 'm-samsung-s21')).toBe(true);
  });
});
