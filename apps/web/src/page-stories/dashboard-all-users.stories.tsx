import { demoAccounts, otherSeller } from '@recell/api/fixtures';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import {
  emptyState,
  errorState,
  loadingState,
  findAnnounced,
  at375,
  mobile,
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

export const OnMobile: Story = { ...Loaded, globals: mobile };

export const DeleteUser: Story = {
  play: async () => {
    await userEvent.click(await page().findByRole('button', { name: `Delete ${buyer.name}` }));
    const dialog = within(await page().findByRole('dialog', { name: `Delete ${buyer.name}?` }));
    await userEvent.click(dialog.getByRole('button', { name: 'Delete' }));
    await findAnnounced('Deleted Successfully');
  },
};

/**
 * A sign-in older than a few minutes: the server refuses the deletion (403 recent_sign_in_required) and the
 * app asks to sign in again, which comes back here (the step-up).
 */
export const SignInAgain: Story = {
  parameters: {
    screen: {
      handlers: [
        http.delete('*/api/users/:id', () =>
          HttpResponse.json(
            { message: 'Please sign in again to do this', code: 'recent_sign_in_required' },
            { status: 403 },
          ),
        ),
      ],
    },
  },
  play: async () => {
    await userEvent.click(await page().findByRole('button', { name: `Delete ${buyer.name}` }));
    const dialog = within(await page().findByRole('dialog', { name: `Delete ${buyer.name}?` }));
    await userEvent.click(dialog.getByRole('button', { name: 'Delete' }));
    const prompt = within(await page().findByRole('dialog', { name: 'Sign in again to continue' }));
    // (it fades in over the question it answers)
    await waitFor(() => expect(prompt.getByRole('button', { name: 'Sign in again' })).toBeVisible());
  },
};

/** Verify a seller: the button says Unverify afterwards, the row says Verified, a toast confirms. */
export const VerifySeller: Story = {
  play: async () => {
    await userEvent.click(await page().findByRole('button', { name: `Verify ${otherSeller.name}` }));
    await findAnnounced(`${otherSeller.name} is verified`);
    const row = within(page().getByRole('cell', { name: otherSeller.email }).closest('tr')!);
    await expect(await row.findByRole('button', { name: `Unverify ${otherSeller.name}` })).toBeVisible();
    await expect(row.getByRole('cell', { name: 'Verified' })).toBeVisible();
  },
};

/** Only sellers (`?role=seller`): each with Verified or Not verified and the toggle. */
export const Sellers: Story = {
  parameters: { screen: { route: '/dashboard/users?role=seller' } },
  play: async () => {
    await expect(await page().findByRole('cell', { name: otherSeller.email })).toBeVisible();
    await expect(page().queryByRole('cell', { name: buyer.email })).toBeNull();
    await expect(page().getByRole('cell', { name: 'Not verified' })).toBeVisible();
  },
};

export const SellersAt375: Story = at375(Sellers);

/** "Check an email": whether an address is a seller's or an admin's (getSellerStatus, getAdminStatus). */
export const CheckAnEmail: Story = {
  play: async () => {
    const lookup = within(await page().findByRole('region', { name: 'Check an email' }));
    await userEvent.type(lookup.getByRole('textbox', { name: 'Email' }), otherSeller.email);
    await userEvent.click(lookup.getByRole('button', { name: 'Check role' }));
    await expect(await lookup.findByText(`${otherSeller.email}: a seller`)).toBeVisible();
  },
};

export const CheckAnEmailAt375: Story = at375(CheckAnEmail);

export const Loading = loadingState('Loading users');

/** Only the demo accounts: nobody else has signed up. */
export const OnlyDemoAccounts: Story = {
  parameters: { screen: { scenario: 'empty' } },
  play: async () => {
    const accounts = Object.values(demoAccounts);
    for (const account of accounts)
      await expect(await page().findByRole('cell', { name: account.email })).toBeVisible();
    // the header row and one row a demo account
    await expect(page().getAllByRole('row')).toHaveLength(accounts.length + 1);
  },
};

/** No users at all (the list the server sends is empty): the page says so. */
export const Empty: Story = {
  ...emptyState('No users yet.'),
  parameters: {
    screen: {
      scenario: 'empty',
      handlers: [
        http.get('*/api/users', () => HttpResponse.json({ items: [], total: 0, page: 1, pageSize: 100 })),
      ],
    },
  },
};

export const ServerError = errorState('Could not load users');
