import { demoAccounts } from '@recell/api/fixtures';
import type { MockStore } from '@recell/api/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { at375, emptyState, errorState, page, screenMeta } from '../testing/story-helpers';

const meta = {
  title: 'Screens/Dashboard/Notifications',
  tags: ['!autodocs'],
  ...screenMeta({ route: '/dashboard/notifications', persona: 'seller' }),
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const { seller } = demoAccounts;

/** The seller's bell with this many unread (the seed's two, read, and `count` new bookings). */
const withUnread = (count: number) => (store: MockStore) => {
  for (const item of store.notifications) item.read = true;
  const booking = store.notifications.find((item) => item._id === 'n-demo-booking')!;
  const start = Date.parse('2026-11-22T08:00:00.000Z');
  for (let index = 0; index < count; index += 1)
    store.notifications.push({
      ...booking,
      _id: `n-many-${index}`,
      userId: seller._id,
      text: `Buyer ${index + 1} booked your Apple iPhone 14 Pro`,
      read: false,
      createdAt: new Date(start + index * 60_000).toISOString(),
    });
};

/** The rows, newest first; the unread one is marked, and each links to its page. */
async function rows() {
  // the first story of a run waits for the screen's chunk on a busy machine
  const list = within(await page().findByRole('list', { name: 'Notifications' }, { timeout: 10_000 }));
  const links = list.getAllByRole('link');
  await expect(links[0]).toHaveTextContent(/^Unread: Ayesha Khan booked your Apple iPhone 14 Pro/);
  await expect(links[0]).toHaveAttribute('href', '/dashboard/myBuyers');
  await expect(links[1]).not.toHaveTextContent('Unread');
  await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
}

/** The list, with the bell's count in the navbar and the dashboard menu. */
export const List: Story = {
  play: async () => {
    await rows();
    await expect((await page().findAllByRole('link', { name: 'Notifications, 1 unread' })).length).toBe(2);
    await expect(page().getByRole('button', { name: 'Mark all read' })).toBeEnabled();
  },
};

/** On a phone the navbar's links are in its menu: the rows alone. */
export const ListAt375: Story = at375({ play: rows });

/** A deal's reviews in the buyer's bell: reviewed (double-blind: no words), both public, and one hidden with why. */
export const ReviewNotices: Story = {
  parameters: {
    screen: {
      persona: 'buyer',
      seed: (store) => {
        const about = { title: 'Apple iPhone 14 Pro', mobileId: 'm-apple-iphone-14-pro' };
        const notice = (
          kind: 'review_received' | 'review_published' | 'review_hidden',
          text: string,
          at: string,
        ) => ({
          _id: `n-${kind}`,
          userId: demoAccounts.buyer._id,
          kind,
          text,
          listing: about,
          link: '/dashboard',
          read: false,
          createdAt: at,
        });
        store.notifications.push(
          notice(
            'review_received',
            'The seller reviewed you for Apple iPhone 14 Pro: write your review to read theirs',
            '2026-11-21T09:00:00.000Z',
          ),
          notice(
            'review_published',
            'Your review and theirs for Apple iPhone 14 Pro are public now',
            '2026-11-21T10:00:00.000Z',
          ),
          notice(
            'review_hidden',
            'ReCell hid your review for Apple iPhone 14 Pro: <b>Personal</b> details',
            '2026-11-21T11:00:00.000Z',
          ),
        );
      },
    },
  },
  play: async () => {
    const list = within(await page().findByRole('list', { name: 'Notifications' }, { timeout: 10_000 }));
    const links = list.getAllByRole('link');
    // what an admin wrote is shown as text
    await expect(links[0]).toHaveTextContent(
      'ReCell hid your review for Apple iPhone 14 Pro: <b>Personal</b> details',
    );
    await expect(links[0]).toHaveAttribute('href', '/dashboard');
    await expect(links[2]).toHaveTextContent('write your review to read theirs');
  },
};

export const Empty: Story = emptyState(
  'No notifications yet. Bookings, deals and messages about your phones show here.',
);

export const LoadFailed: Story = errorState('Notifications');

/** The bell with nothing unread: "Notifications" alone, and nothing to mark. */
export const BellNone: Story = {
  parameters: { screen: { seed: withUnread(0) } },
  play: async () => {
    await expect((await page().findAllByRole('link', { name: 'Notifications' })).length).toBe(2);
    await expect(page().getByRole('button', { name: 'Mark all read' })).toBeDisabled();
  },
};

/** The bell with some unread: the count. */
export const BellSome: Story = {
  parameters: { screen: { seed: withUnread(3) } },
  play: async () => {
    await expect((await page().findAllByRole('link', { name: 'Notifications, 3 unread' })).length).toBe(2);
  },
};

/** The bell with many unread: "99+", and the list pages. */
export const BellMany: Story = {
  parameters: { screen: { seed: withUnread(150) } },
  play: async () => {
    await expect((await page().findAllByRole('link', { name: 'Notifications, 99+ unread' })).length).toBe(2);
    await expect(await page().findByRole('link', { name: /Buyer 150 booked/ })).toBeVisible();
    await expect(page().getByRole('navigation', { name: 'Pages' })).toBeVisible();
    // the navbar's longest bell still fits beside its links (they wrap)
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};
