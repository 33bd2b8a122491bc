import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Badge } from './Badge';

const meta = {
  title: 'Components/Badge',
  component: Badge,
  args: { status: 'available' },
} satisfies Meta<typeof Badge>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Available: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Available')).toBeVisible();
  },
};

/** Every state reads as a word; the icon is decoration. */
export const AllStatuses: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
      <Badge status="sold" />
      <Badge status="available" />
      <Badge status="withdrawn" />
      <Badge status="verified" />
      <Badge status="phoneVerified" />
      <Badge status="advertised" />
      <Badge status="paid" />
      <Badge status="cancelled" />
      <Badge status="held" />
      <Badge status="unpaid" />
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(canvasElement.textContent).toBe(
      'SoldAvailableWithdrawnVerifiedPhone verifiedAdvertisedPaidCancelledPayment heldNot paid',
    );
    for (const icon of canvasElement.querySelectorAll('svg')) {
      await expect(icon).toHaveAttribute('aria-hidden', 'true');
    }
  },
};

/** The seller confirmed their phone number by SMS code: on a listing's card and page. */
export const PhoneVerified: Story = {
  args: { status: 'phoneVerified' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Phone verified')).toBeVisible();
  },
};

export const CustomWord: Story = {
  args: { status: 'sold', children: 'Sold out' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Sold out')).toBeVisible();
  },
};
