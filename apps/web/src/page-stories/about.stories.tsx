import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { mobile, page, screenMeta } from '../testing/story-helpers';

const meta = {
  title: 'Screens/About',
  tags: ['!autodocs'],
  ...screenMeta({ route: '/about' }),
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async () => {
    await expect(await page().findByRole('heading', { level: 1, name: 'About ReCell' })).toBeVisible();
    await expect(page().getByRole('heading', { name: 'How it works' })).toBeVisible();
  },
};

export const OnMobile: Story = { ...Default, globals: mobile };
