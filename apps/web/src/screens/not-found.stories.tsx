import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { mobile, page, screenMeta } from '../testing/story-helpers';

const meta = {
  title: 'Screens/Error',
  tags: ['!autodocs'],
  ...screenMeta({ route: '/no-such-page' }),
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

export const NotFound: Story = {
  play: async () => {
    await expect(await page().findByRole('heading', { name: /^Error 404/ })).toBeVisible();
    await expect(page().getByText('Error: Not Found')).toBeVisible();
  },
};

export const NotFoundOnMobile: Story = { ...NotFound, globals: mobile };

export const UnknownCategory: Story = {
  parameters: { screen: { route: '/category/99', persona: 'buyer' } },
  play: NotFound.play,
};
