import type { Meta, StoryObj } from '@storybook/react-vite';
import { demoAccounts } from '@recell/api/fixtures';
import { expect, waitFor } from 'storybook/test';
import { Avatar } from './Avatar';

const meta = {
  title: 'Components/Avatar',
  component: Avatar,
  args: { name: demoAccounts.buyer.name },
} satisfies Meta<typeof Avatar>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Initials: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('img', { name: 'Ayesha Khan' })).toHaveTextContent('AK');
  },
};

export const Picture: Story = {
  args: { src: '/uploads/seed/m-apple-iphone-13.svg', size: 'lg' },
  play: async ({ canvasElement }) => {
    const picture = canvasElement.querySelector('img')!;
    await waitFor(() => expect(picture.naturalWidth).toBeGreaterThan(0));
  },
};

/** A picture that does not load falls back to the initials. */
export const BrokenPicture: Story = {
  args: { src: '/uploads/seed/missing.png' },
  play: async ({ canvas }) => {
    await waitFor(() => expect(canvas.getByRole('img', { name: 'Ayesha Khan' })).toHaveTextContent('AK'));
  },
};

export const Sizes: Story = {
  render: (args) => (
    <div style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
      <Avatar {...args} size="sm" />
      <Avatar {...args} size="md" />
      <Avatar {...args} size="lg" />
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('img')).toHaveLength(3);
  },
};
