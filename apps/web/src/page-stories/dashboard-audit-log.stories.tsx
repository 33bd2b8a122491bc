import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { seedAuditLog } from '../testing/moderation';
import { at375, emptyState, errorState, loadingState, page, screenMeta } from '../testing/story-helpers';

const meta = {
  title: 'Screens/Dashboard/Audit log',
  tags: ['!autodocs'],
  ...screenMeta({
    route: '/dashboard/auditLog',
    persona: 'admin',
    seed: (store) => seedAuditLog(store, 23),
  }),
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

/** Every action in words, newest first, and the pages. */
export const Loaded: Story = {
  play: async () => {
    // newest first: the first row is the last action
    // who or what first, the id beside it
    await expect(
      await page().findByRole('cell', { name: 'Samsung Galaxy S21 Report r-extra-1' }),
    ).toBeVisible();
    const first = within(page().getAllByRole('row')[1]!);
    await expect(first.getByRole('cell', { name: 'Dismissed a report' })).toBeVisible();
    const pages = within(page().getByRole('navigation', { name: 'Pages' }));
    await expect(pages.getByRole('link', { name: 'Page 2' })).toBeVisible();
  },
};

export const At375: Story = at375(Loaded);

export const SecondPage: Story = {
  parameters: { screen: { route: '/dashboard/auditLog?page=2' } },
  play: async () => {
    await expect(await page().findByRole('cell', { name: 'Seller 23 User u-extra-23' })).toBeVisible();
  },
};

export const Loading = loadingState('Loading the audit log');
export const Empty: Story = {
  ...emptyState('No admin actions yet.'),
  parameters: { screen: { scenario: 'empty', seed: () => undefined } },
};
export const ServerError = errorState('Could not load the audit log');
