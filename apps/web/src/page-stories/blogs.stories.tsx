import { blogs } from '@recell/api/fixtures';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { emptyState, errorState, loadingState, mobile, page, screenMeta } from '../testing/story-helpers';

const meta = {
  title: 'Screens/Blogs',
  tags: ['!autodocs'],
  ...screenMeta({ route: '/blogs' }),
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loaded: Story = {
  play: async () => {
    for (const blog of blogs)
      await expect(await page().findByRole('heading', { name: blog.title })).toBeVisible();
  },
};

export const OnMobile: Story = { ...Loaded, globals: mobile };

export const Loading = loadingState('Loading blog posts');
export const Empty = emptyState('No blog posts yet.');
export const ServerError = errorState('Could not load blog posts');
