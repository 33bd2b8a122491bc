import { demoAccounts, otherSeller } from '@recell/api/fixtures';
import { hang, streamDown, type MockStore } from '@recell/api/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { at375, emptyState, page, screenMeta } from '../testing/story-helpers';

const meta = {
  title: 'Screens/Dashboard/Messages',
  tags: ['!autodocs'],
  ...screenMeta({ route: '/dashboard/messages', persona: 'buyer' }),
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const { seller } = demoAccounts;
const thread = (id: string) => ({ route: `/dashboard/messages/${id}` });

/** The rows, newest first; the unread one is marked. */
async function inboxRows() {
  // the first story of a run waits for the screen's chunk on a busy machine
  const list = within(await page().findByRole('list', { name: 'Conversations' }, { timeout: 10_000 }));
  const rows = list.getAllByRole('link');
  await expect(rows[0]).toHaveTextContent(`${otherSeller.name} · Xiaomi 13T`);
  await expect(within(rows[0]!).getByText('unread')).toBeInTheDocument();
  await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
}

/** The Inbox, with the unread count in the navbar and the dashboard menu. */
export const Inbox: Story = {
  play: async () => {
    await inboxRows();
    await expect((await page().findAllByRole('link', { name: 'Messages (1 unread)' })).length).toBe(2);
  },
};

/** On a phone the navbar's links are in its menu: the rows alone. */
export const InboxAt375: Story = at375({ play: inboxRows });

export const EmptyInbox: Story = emptyState(
  'No messages yet. Ask a seller about a phone from its page, and the conversation shows here.',
);

/** A received message that asks to pay outside ReCell: the banner says what was found and why it matters. */
export const SafetyBanner: Story = {
  parameters: { screen: thread('c-demo-13t') },
  play: async () => {
    const note = await page().findByRole('note', { name: 'Safety warning' });
    await expect(note).toHaveTextContent('a phone number and a request to pay outside ReCell');
    await expect(
      page().getByRole('button', { name: `Report this message from ${otherSeller.name}` }),
    ).toBeVisible();
  },
};

export const SafetyBannerAt375: Story = at375({ ...SafetyBanner });

/** The deal's thread, with "Seen" under the last message the seller read, and a link to the deal. */
export const DealThread: Story = {
  parameters: { screen: thread('c-demo-iphone') },
  play: async () => {
    await expect(await page().findByText(/Payment held until the handover/)).toBeVisible();
    await expect(page().getByRole('link', { name: 'Open My Orders' })).toBeVisible();
    await expect(await page().findByText('Seen')).toBeVisible();
  },
};

/** Booked and not paid yet: the thread's head says so, with the buyer's one next step. */
export const DealThreadNotPaid: Story = {
  parameters: {
    screen: {
      ...thread('c-demo-iphone'),
      seed: (store: MockStore) => {
        store.bookings = store.bookings.map((booking) =>
          booking._id === 'b-demo-held' ? { ...booking, status: 'unpaid', paid: false } : booking,
        );
      },
    },
  },
  play: async () => {
    await expect(await page().findByText(/Booked, not paid yet/)).toBeVisible();
    await expect(page().getByRole('link', { name: 'Pay to hold Apple iPhone 14 Pro' })).toHaveAttribute(
      'href',
      '/dashboard/payment/b-demo-held',
    );
  },
};

export const DealThreadNotPaidAt375: Story = at375({ ...DealThreadNotPaid });

/** Sixty messages: the newest thirty, and "Load earlier messages" pages back. */
export const ManyMessages: Story = {
  parameters: {
    screen: {
      ...thread('c-demo-iphone'),
      seed: (store: MockStore) => {
        const buyer = store.users.find((user) => user.email === demoAccounts.buyer.email)!;
        const start = Date.parse('2026-11-22T08:00:00.000Z');
        for (let index = 0; index < 60; index += 1)
          store.messages.push({
            _id: `msg-many-${index}`,
            seq: 100 + index,
            conversationId: 'c-demo-iphone',
            senderId: index % 2 ? buyer._id : seller._id,
            text: `Message ${index + 1} about the meetup`,
            pictures: [],
            sentAt: new Date(start + index * 60_000).toISOString(),
            safety: [],
          });
      },
    },
  },
  play: async () => {
    await expect(await page().findByText('Message 60 about the meetup')).toBeInTheDocument();
    await expect(page().queryByText('Message 1 about the meetup')).toBeNull();
    await userEvent.click(page().getByRole('button', { name: 'Load earlier messages' }));
    await expect(await page().findByText('Message 1 about the meetup')).toBeInTheDocument();
  },
};

/** Block asks first: what it means, Block, and Cancel. */
export const AskBeforeBlocking: Story = {
  parameters: { screen: thread('c-demo-iphone') },
  play: async () => {
    await userEvent.click(await page().findByRole('button', { name: `Block ${seller.name}` }));
    const asked = await page().findByRole('dialog', { name: `Block ${seller.name}?` });
    // the dialog fades in: visible once its entry is over
    await waitFor(() => expect(within(asked).getByText(/Neither of you can write/)).toBeVisible());
    await expect(within(asked).getByRole('button', { name: 'Cancel' })).toBeVisible();
  },
};

/** You blocked the seller: Unblock is offered; they can no longer write to you. */
export const BlockedByYou: Story = {
  parameters: {
    screen: {
      ...thread('c-demo-iphone'),
      seed: (store: MockStore) => {
        store.blocks.push({ blockerId: demoAccounts.buyer._id, blockedId: seller._id });
      },
    },
  },
  play: async () => {
    await expect(await page().findByRole('button', { name: `Unblock ${seller.name}` })).toBeVisible();
  },
};

/** The seller blocked you: you are told you cannot write, not why. */
export const BlockedByThem: Story = {
  parameters: {
    screen: {
      ...thread('c-demo-iphone'),
      seed: (store: MockStore) => {
        store.blocks.push({ blockerId: seller._id, blockedId: demoAccounts.buyer._id });
      },
    },
  },
  play: async () => {
    await expect(await page().findByText(`You can no longer message ${seller.name}.`)).toBeVisible();
    await expect(page().queryByRole('button', { name: 'Send' })).toBeNull();
  },
};

/** The listing was removed: the thread stays readable and is closed. */
export const Closed: Story = {
  parameters: {
    screen: {
      ...thread('c-demo-13t'),
      seed: (store: MockStore) => {
        store.mobiles = store.mobiles.filter((mobile) => mobile._id !== 'm-xiaomi-13t');
      },
    },
  },
  play: async () => {
    await expect(
      await page().findByText(/This listing was removed, so the conversation is closed/),
    ).toBeVisible();
  },
};

/** A picture on its way up (the upload never answers here): Send waits for it. */
export const PictureUploading: Story = {
  parameters: { screen: { ...thread('c-demo-iphone'), handlers: [hang('/images')] } },
  play: async () => {
    await page().findByRole('textbox', { name: `Message to ${seller.name}` });
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await userEvent.upload(
      input,
      new File([new Uint8Array([137, 80, 78, 71])], 'phone.png', { type: 'image/png' }),
    );
    await expect(await page().findByText(/Uploading a picture/)).toBeVisible();
    await expect(page().getByRole('button', { name: 'Send' })).toBeDisabled();
  },
};

/** The live stream is down: the thread says it is reconnecting, and polls meanwhile. */
export const Reconnecting: Story = {
  parameters: { screen: { ...thread('c-demo-iphone'), handlers: [streamDown()] } },
  play: async () => {
    await expect(await page().findByText(/Reconnecting/)).toBeVisible();
  },
};

export const ReconnectingAt375: Story = at375({ ...Reconnecting });

/** "Ask the seller" on a listing the buyer has not asked about: a message box that starts the conversation. */
export const AskTheSeller: Story = {
  parameters: { screen: { route: '/mobile/m-samsung-s21' } },
  play: async () => {
    const ask = await page().findByRole('button', { name: 'Ask the seller' }, { timeout: 10_000 });
    // enabled once it is known that there is no conversation about this listing yet
    await waitFor(() => expect(ask).toBeEnabled());
    await userEvent.click(ask);
    const dialog = within(await page().findByRole('dialog', { name: 'Ask about Samsung Galaxy S21' }));
    // the dialog fades in: visible once its entry animation is over
    await waitFor(() => expect(dialog.getByRole('textbox', { name: 'Your question' })).toBeVisible());
  },
};

/** A listing the buyer asked about already: the link opens that conversation. */
export const AskedAlready: Story = {
  parameters: { screen: { route: '/mobile/m-xiaomi-13t' } },
  play: async () => {
    await expect(await page().findByRole('link', { name: 'Messages (1 new)' })).toHaveAttribute(
      'href',
      '/dashboard/messages/c-demo-13t',
    );
  },
};
