import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Footer } from './Footer';

const meta = {
  title: 'Layout/Footer',
  component: Footer,
  parameters: { layout: 'fullscreen' },
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
    await expect(canvas.getByRole('link', { name: 'Email ReCell' })).toBeVisible();
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
