import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { at375, page, screenMeta } from '../testing/story-helpers';

const meta = {
  title: 'Screens/How a safe deal works',
  tags: ['!autodocs'],
  ...screenMeta({ route: '/safe-deal' }),
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

/** Linked from the line beside Book and on the payment screen. */
export const Default: Story = {
  play: async () => {
    await expect(
      await page().findByRole('heading', { level: 1, name: 'How a safe deal works' }),
    ).toBeVisible();
    await expect(page().getByRole('heading', { name: 'If something is wrong' })).toBeVisible();
  },
};

export const At375: Story = at375(Default);
