import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { LoadingRegion, PhoneCardSkeleton, Skeleton } from './Skeleton';

const meta = {
  title: 'Feedback/Skeleton',
  component: Skeleton,
  args: { width: 240, height: 20 },
} satisfies Meta<typeof Skeleton>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Line: Story = {
  play: async ({ canvasElement }) => {
    const shape = canvasElement.querySelector('[aria-hidden="true"]')!;
    await expect(shape.getBoundingClientRect().width).toBe(240);
  },
};

export const Round: Story = {
  args: { width: 44, height: 44, radius: 'full' },
  play: async ({ canvasElement }) => {
    const shape = canvasElement.querySelector('[aria-hidden="true"]')!;
    await expect(getComputedStyle(shape).borderRadius).toBe('9999px');
  },
};

/** A grid of loading phone cards: screen readers hear "Loading phones", not grey boxes. */
export const PhoneGrid: Story = {
  render: () => (
    <LoadingRegion label="Loading phones">
      <div style={{ display: 'grid', gap: 16, gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' }}>
        <PhoneCardSkeleton />
        <PhoneCardSkeleton />
        <PhoneCardSkeleton />
      </div>
    </LoadingRegion>
  ),
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading phones');
    await expect(canvasElement.querySelector('[aria-busy="true"]')).not.toBeNull();
  },
};
