import { NEW_SELLER_BELOW } from '@recell/api';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { SellerRating } from './SellerRating';

const meta = {
  title: 'Components/SellerRating',
  component: SellerRating,
  args: { average: 4.6, count: 12, newSellerBelow: NEW_SELLER_BELOW },
} satisfies Meta<typeof SellerRating>;
export default meta;
type Story = StoryObj<typeof meta>;

/** "★ 4.6 (12)" on the card, read out in words. */
export const Rated: Story = {
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('img', { name: 'Rated 4.6 out of 5 from 12 reviews' })).toBeVisible();
    await expect(canvasElement.textContent).toBe('4.6 (12)');
  },
};

/** Two decimals from the profile are shown to one; a whole number keeps its ".0". */
export const RoundedToOneDecimal: Story = {
  args: { average: 4, count: 3 },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('img', { name: 'Rated 4.0 out of 5 from 3 reviews' })).toBeVisible();
  },
};

/** Below three reviews an average says little: "New seller", with or without one. */
export const NewSeller: Story = {
  args: { average: 5, count: NEW_SELLER_BELOW - 1 },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByText('New seller')).toBeVisible();
    await expect(canvas.queryByRole('img')).toBeNull();
    await expect(canvasElement.textContent).toBe('New seller');
  },
};

export const NoReviews: Story = {
  args: { average: null, count: 0 },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('New seller')).toBeVisible();
  },
};
