import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Spinner } from './Spinner';

const meta = {
  title: 'Feedback/Spinner',
  component: Spinner,
  args: { label: 'Loading phones' },
} satisfies Meta<typeof Spinner>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    const spinner = canvas.getByRole('progressbar', { name: 'Loading phones' });
    // indeterminate: no value for screen readers to read out
    await expect(spinner).not.toHaveAttribute('aria-valuenow');
  },
};

/** The guards' full-page loading state. */
export const LargeWithLabel: Story = {
  args: { size: 'lg', showLabel: true, label: 'Checking your account' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('progressbar', { name: 'Checking your account' })).toBeVisible();
    await expect(canvas.getByText('Checking your account')).toBeVisible();
  },
};
