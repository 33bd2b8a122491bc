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
    // a visitor: the spec's words, but no Log Out button
    await expect(page().queryByRole('button', { name: 'Log Out' })).toBeNull();
    await expect(page().getByRole('link', { name: 'Sign in' })).toBeVisible();
  },
};

/** Signed in, the spec's Log Out is a button. */
export const NotFoundSignedIn: Story = {
  parameters: { screen: { persona: 'buyer' } },
  play: async () => {
    await expect(await page().findByRole('button', { name: 'Log Out' })).toBeVisible();
    await expect(page().getByRole('link', { name: 'Go to the home page' })).toBeVisible();
  },
};

export const NotFoundOnMobile: Story = { ...NotFound, globals: mobile };

export const UnknownCategory: Story = {
  parameters: { screen: { route: '/category/99', persona: 'buyer' } },
  play: NotFoundSignedIn.play,
};
