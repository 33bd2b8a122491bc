import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { at375, page, screenMeta } from '../../../testing/story-helpers';
import { paidThrice } from './payout-scenes';

// The admins' list of every payout, reached from the admin dashboard's menu.
const meta = {
  title: 'Screens/Dashboard/All payouts',
  tags: ['!autodocs'],
  ...screenMeta({ route: '/dashboard/allPayouts', persona: 'admin' }),
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {
  play: async () => {
    await expect(await page().findByText('No payouts yet.')).toBeVisible();
    const menu = within(page().getByRole('navigation', { name: 'Dashboard' }));
    await expect(menu.getByRole('link', { name: 'Payouts' })).toHaveAttribute('aria-current', 'page');
    await expect(menu.getByRole('link', { name: 'Claims' })).toHaveAttribute('href', '/dashboard/claims');
  },
};

export const Full: Story = {
  parameters: { screen: { seed: paidThrice } },
  play: async () => {
    const table = within(await page().findByRole('region', { name: 'Payouts table' }));
    await expect(table.getAllByRole('row')).toHaveLength(4);
    await expect(table.getAllByRole('cell', { name: 'Rahim Uddin' })).toHaveLength(3);
  },
};

export const OnPhone375: Story = at375({
  parameters: { screen: { seed: paidThrice } },
  play: async () => {
    await expect(await page().findByRole('region', { name: 'Payouts table' })).toBeVisible();
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
});
