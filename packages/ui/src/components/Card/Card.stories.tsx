import type { Meta, StoryObj } from '@storybook/react-vite';
import { blogs, categories } from '@recell/api/fixtures';
import { expect } from 'storybook/test';
import { withWidth } from '../../testing/decorators';
import { Link } from '../Link/Link';
import { Card } from './Card';

const blog = blogs[0]!;

const meta = {
  title: 'Components/Card',
  component: Card,
  args: { as: 'article', title: blog.title, children: <p style={{ margin: 0 }}>{blog.details}</p> },
  decorators: [withWidth(360)],
} satisfies Meta<typeof Card>;
export default meta;
type Story = StoryObj<typeof meta>;

export const BlogCard: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('article')).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 3, name: blog.title })).toBeVisible();
  },
};

export const CategoryCard: Story = {
  args: {
    title: categories[1]!.category_name,
    children: null,
    actions: <Link href={`/category/${categories[1]!.category_id}`}>See Products</Link>,
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'See Products' })).toHaveAttribute('href', '/category/02');
  },
};

export const Empty: Story = {
  args: { title: undefined, children: null },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('heading')).not.toBeInTheDocument();
  },
};

export const LongText: Story = {
  args: {
    title:
      'A very long blog title about checking the battery health, the IMEI and the cloud lock of a used phone',
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('article').getBoundingClientRect().width).toBeLessThanOrEqual(360);
  },
};
