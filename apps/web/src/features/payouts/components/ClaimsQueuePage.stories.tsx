import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { at375, page, screenMeta } from '../../../testing/story-helpers';
import { claimIs } from './payout-scenes';

// The admins' claims queue: open claims oldest first, a tab for the decided ones.
const meta = {
  title: 'Screens/Dashboard/Claims queue',
  tags: ['!autodocs'],
  ...screenMeta({ route: '/dashboard/claims', persona: 'admin' }),
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {
  play: async () => {
    await expect(await page().findByText('No open claims.')).toBeVisible();
  },
};

export const Full: Story = {
  parameters: { screen: { seed: claimIs('open') } },
  play: async () => {
    const link = await page().findByRole('link', { name: 'Apple iPhone 13' });
    await expect(link).toHaveAttribute('href', '/dashboard/claims/cl-story');
    const row = within(link.closest('tr')!);
    await expect(row.getByText('$435.00')).toBeVisible();
    await expect(row.getByText('Claim open: ReCell decides')).toBeVisible();
    await expect(row.getByText('Ayesha Khan')).toBeVisible();
    // nothing decided yet
    await userEvent.click(page().getByRole('link', { name: 'Decided' }));
    await expect(await page().findByText('No decided claims yet.')).toBeVisible();
  },
};

export const Decided: Story = {
  parameters: { screen: { seed: claimIs('released'), route: '/dashboard/claims?status=decided' } },
  play: async () => {
    await expect(await page().findByText('Released to the seller')).toBeVisible();
    await expect(page().getByRole('link', { name: 'Decided' })).toHaveAttribute('aria-current', 'page');
  },
};

export const OnPhone375: Story = at375({
  parameters: { screen: { seed: claimIs('open') } },
  play: async () => {
    await expect(await page().findByRole('link', { name: 'Apple iPhone 13' })).toBeVisible();
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
});
