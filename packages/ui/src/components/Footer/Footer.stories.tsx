import type { Meta, StoryObj } from '@storybook/react-vite';
import { Mail, Rss } from 'lucide-react';
import { expect, within } from 'storybook/test';
import { Footer } from './Footer';

const meta = {
  title: 'Layout/Footer',
  component: Footer,
  parameters: { layout: 'fullscreen' },
  // sample content: the app passes its own (apps/web/src/app/footer-content.ts)
  args: {
    columns: [
      { title: 'About', links: [{ href: '/about', label: 'About us' }] },
      { title: 'Blog', links: [{ href: '/blogs', label: 'Guides' }] },
      {
        title: 'Products',
        links: [
          { href: '/category/01', label: 'Xiaomi' },
          { href: '/category/02', label: 'Samsung' },
        ],
      },
      { title: 'Contact', links: [{ href: 'mailto:hi@example.test', label: 'hi@example.test' }] },
    ],
    tagline: 'A short line about the site.',
    social: [
      { href: 'mailto:hi@example.test', label: 'Email us', icon: Mail },
      { href: '/blogs', label: 'Our blog', icon: Rss },
    ],
    note: 'The small print.',
  },
} satisfies Meta<typeof Footer>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    const footer = canvas.getByRole('contentinfo');
    for (const title of ['About', 'Blog', 'Products', 'Contact']) {
      await expect(within(footer).getByRole('navigation', { name: title })).toBeVisible();
    }
    await expect(canvas.getByRole('link', { name: 'Samsung' })).toHaveAttribute('href', '/category/02');
    // icon-only links still have names
    await expect(canvas.getByRole('link', { name: 'Email us' })).toBeVisible();
  },
};

export const Narrow: Story = {
  // the smallest screen the site supports: 320 px (Storybook's mobile1)
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async ({ canvas }) => {
    await expect(window.innerWidth).toBe(320);
    await expect(canvas.getByRole('contentinfo').scrollWidth).toBeLessThanOrEqual(320);
  },
};
