import { demoAccounts, wishlist } from '@recell/api/fixtures';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import {
  emptyState,
  errorState,
  loadingState,
  findAnnounced,
  mobile,
  page,
  screenMeta,
} from '../testing/story-helpers';

const meta = {
  title: 'Screens/Dashboard/Cart',
  tags: ['!autodocs'],
  ...screenMeta({ route: '/dashboard/wishlist', persona: 'buyer' }),
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const item = wishlist.find((entry) => entry.email === demoAccounts.buyer.email)!;

export const Loaded: Story = {
  play: async () => {
    await expect(await page().findByRole('button', { name: `Buy ${item.MobileName}` })).toBeEnabled();
  },
};

export const OnMobile: Story = { ...Loaded, globals: mobile };

export const Buy: Story = {
  play: async () => {
    await userEvent.click(await page().findByRole('button', { name: `Buy ${item.MobileName}` }));
    await expect(await page().findByRole('button', { name: `${item.MobileName} ordered` })).toHaveTextContent(
      'Ordered',
    );
    await findAnnounced('Booking Confirmed');
  },
};

export const Loading = loadingState('Loading your cart');
export const Empty = emptyState('Your cart is empty.');
export const ServerError = errorState('Could not load your cart');
