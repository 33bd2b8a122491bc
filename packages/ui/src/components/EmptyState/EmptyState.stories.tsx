import type { Meta, StoryObj } from '@storybook/react-vite';
import { ShoppingCart } from 'lucide-react';
import { expect, fn } from 'storybook/test';
import { Button } from '../Button/Button';
import { EmptyState } from './EmptyState';

const onBrowse = fn();

const meta = {
  title: 'Feedback/EmptyState',
  component: EmptyState,
  args: {
    title: 'Your cart is empty',
    description: 'Phones you add to your cart wait here until you pay for them.',
    icon: ShoppingCart,
    actions: <Button onPress={onBrowse}>Browse phones</Button>,
  },
} satisfies Meta<typeof EmptyState>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByRole('heading', { level: 2, name: 'Your cart is empty' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Browse phones' }));
    await expect(onBrowse).toHaveBeenCalledOnce();
  },
};

export const TitleOnly: Story = {
  args: {
    title: 'No phones in this category yet',
    description: undefined,
    actions: undefined,
    icon: undefined,
  },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('button')).not.toBeInTheDocument();
    await expect(canvas.getByRole('heading')).toHaveTextContent('No phones in this category yet');
  },
};
