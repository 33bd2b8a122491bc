import type { Meta, StoryObj } from '@storybook/react-vite';
import { Heart, ShoppingCart } from 'lucide-react';
import { expect, fn } from 'storybook/test';
import { Button } from './Button';
import { withWidth } from '../../testing/decorators';

const meta = {
  title: 'Components/Button',
  component: Button,
  args: { children: 'Book this phone', onPress: fn() },
  argTypes: {
    variant: { control: 'inline-radio', options: ['primary', 'secondary', 'ghost', 'accent', 'danger'] },
    size: { control: 'inline-radio', options: ['md', 'sm', 'icon'] },
  },
} satisfies Meta<typeof Button>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Primary: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Book this phone' }));
    await expect(args.onPress).toHaveBeenCalledOnce();
  },
};

export const Variants: Story = {
  render: (args) => (
    <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
      <Button {...args} variant="primary">
        Primary
      </Button>
      <Button {...args} variant="secondary">
        Secondary
      </Button>
      <Button {...args} variant="ghost">
        Ghost
      </Button>
      <Button {...args} variant="accent">
        Advertise
      </Button>
      <Button {...args} variant="danger">
        Delete
      </Button>
      <Button {...args} size="sm">
        Small
      </Button>
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('button')).toHaveLength(6);
  },
};

export const WithIcon: Story = {
  args: {
    variant: 'secondary',
    children: (
      <>
        <ShoppingCart aria-hidden size={18} /> Add to cart
      </>
    ),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Add to cart' })).toBeVisible();
  },
};

export const IconOnly: Story = {
  args: { variant: 'ghost', size: 'icon', 'aria-label': 'Add to wishlist', children: <Heart aria-hidden /> },
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Add to wishlist' }));
    await expect(args.onPress).toHaveBeenCalledOnce();
  },
};

export const Hover: Story = {
  play: async ({ canvas, userEvent }) => {
    const button = canvas.getByRole('button');
    await userEvent.hover(button);
    await expect(button).toHaveAttribute('data-hovered');
  },
};

export const FocusVisible: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const button = canvas.getByRole('button');
    await userEvent.tab();
    await expect(button).toHaveFocus();
    await expect(button).toHaveAttribute('data-focus-visible');
    await userEvent.keyboard('{Enter}');
    await expect(args.onPress).toHaveBeenCalledOnce();
  },
};

export const Pressed: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const button = canvas.getByRole('button');
    await userEvent.tab();
    // held down: the pressed style shows, and nothing fires until the key is released
    await userEvent.keyboard('[Space>]');
    await expect(button).toHaveAttribute('data-pressed');
    await expect(args.onPress).not.toHaveBeenCalled();
    await userEvent.keyboard('[/Space]');
    await expect(args.onPress).toHaveBeenCalledOnce();
  },
};

export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ canvas, userEvent, args }) => {
    const button = canvas.getByRole('button');
    await expect(button).toBeDisabled();
    await userEvent.click(button);
    await expect(args.onPress).not.toHaveBeenCalled();
  },
};

export const Pending: Story = {
  args: { isPending: true, pendingLabel: 'Booking', children: 'Book this phone' },
  play: async ({ canvas, userEvent, args }) => {
    const button = canvas.getByRole('button', { name: /Book this phone/ });
    await expect(canvas.getByRole('progressbar', { name: 'Booking' })).toBeInTheDocument();
    await userEvent.click(button);
    await expect(args.onPress).not.toHaveBeenCalled();
  },
};

export const LongText: Story = {
  args: { children: 'Book this Samsung Galaxy S21 Ultra 5G with 512 GB and the original box and charger' },
  decorators: [withWidth(240)],
  play: async ({ canvas }) => {
    const button = canvas.getByRole('button');
    // wraps inside its container instead of overflowing it
    await expect(button.getBoundingClientRect().width).toBeLessThanOrEqual(240);
  },
};
