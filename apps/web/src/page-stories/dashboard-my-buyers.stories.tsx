import { bookings, demoAccounts, mobiles } from '@recell/api/fixtures';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { emptyState, errorState, loadingState, mobile, page, screenMeta } from '../testing/story-helpers';

const meta = {
  title: 'Screens/Dashboard/My Buyers',
  tags: ['!autodocs'],
  ...screenMeta({ route: '/dashboard/myBuyers', persona: 'seller' }),
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const ownIds = new Set(
  mobiles.filter((phone) => phone.email === demoAccounts.seller.email).map((phone) => phone._id),
);
const booking = bookings.find((candidate) => ownIds.has(candidate.mobileId))!;

export const Loaded: Story = {
  play: async () => {
    const row = within((await page().findByRole('cell', { name: booking.MobileName })).closest('tr')!);
    await expect(row.getByText(booking.buyer)).toBeVisible();
    await expect(row.getByText(booking.paid ? 'Paid' : 'Not paid')).toBeVisible();
  },
};

export const OnMobile: Story = { ...Loaded, globals: mobile };

export const Loading = loadingState('Loading your buyers');
export const Empty = emptyState('Nobody has booked your phones yet.');
export const ServerError = errorState('Could not load your buyers');
