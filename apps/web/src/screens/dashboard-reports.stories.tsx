import { reports } from '@recell/api/fixtures';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { emptyState, errorState, loadingState, mobile, page, screenMeta } from '../testing/story-helpers';

const meta = {
  title: 'Screens/Dashboard/Reports',
  tags: ['!autodocs'],
  ...screenMeta({ route: '/dashboard/report', persona: 'admin' }),
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const report = reports[0]!;

export const Loaded: Story = {
  play: async () => {
    const card = within((await page().findByRole('heading', { name: report.MobileName })).closest('li')!);
    await expect(card.getByText(`Reason: ${report.Report}`)).toBeVisible();
  },
};

export const OnMobile: Story = { ...Loaded, globals: mobile };

/** Admin pages are for admins: a seller is sent to log in. */
export const Seller: Story = {
  parameters: { screen: { persona: 'seller' } },
  play: async () => {
    await expect(await page().findByRole('heading', { name: 'Login' })).toBeVisible();
  },
};

export const Loading = loadingState('Loading reports');
export const Empty = emptyState('No reports. Nothing to review.');
export const ServerError = errorState('Could not load reports');
