import { demoAccounts } from '@recell/api/fixtures';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import {
  emptyState,
  errorState,
  loadingState,
  findAnnounced,
  page,
  screenMeta,
} from '../testing/story-helpers';

const meta = {
  title: 'Screens/Dashboard/All Users',
  tags: ['!autodocs'],
  ...screenMeta({ route: '/dashboard/users', persona: 'admin' }),
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const { buyer, admin } = demoAccounts;

export const Loaded: Story = {
  play: async () => {
    await expect(await page().findByRole('cell', { name: buyer.email })).toBeVisible();
    const adminRow = within(page().getByRole('cell', { name: admin.email }).closest('tr')!);
    await expect(adminRow.queryByRole('button', { name: /^Delete/ })).toBeNull();
  },
};

export const DeleteUser: Story = {
  play: async () => {
    await userEvent.click(await page().findByRole('button', { name: `Delete ${buyer.name}` }));
    const dialog = within(await page().findByRole('dialog', { name: `Delete ${buyer.name}?` }));
    await userEvent.click(dialog.getByRole('button', { name: 'Delete' }));
    await findAnnounced('Deleted Successfully');
  },
};

export const Loading = loadingState('Loading users');
/** Only the demo accounts: nobody else has signed up. */
export const Empty = emptyState(buyer.email);
export const ServerError = errorState('Could not load users');
