import { LOCAL_PAYOUT_ACCOUNTS } from '@recell/api';
import { demoAccounts } from '@recell/api/fixtures';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { at375, loadedScreen, page, screenMeta } from '../../../testing/story-helpers';

// The local payout provider's form: it says it is a test provider and which numbers it knows.
const meta = {
  title: 'Screens/Dashboard/Payout onboarding',
  tags: ['!autodocs'],
  ...screenMeta({ route: '/dashboard/payouts/onboarding', persona: 'seller' }),
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const fill = async (accountNumber: string) => {
  await userEvent.type(await page().findByRole('textbox', { name: 'Account holder name' }), 'Rahim Uddin');
  await userEvent.type(
    page().getByRole('textbox', { name: 'Routing number' }),
    LOCAL_PAYOUT_ACCOUNTS.routingNumber,
  );
  await userEvent.type(page().getByRole('textbox', { name: /^Account number/ }), accountNumber);
  await userEvent.click(page().getByRole('button', { name: 'Save bank account' }));
};

/** The verified test number: saved, and back on Payouts with payouts on. */
export const Verified: Story = {
  play: async (context) => {
    await expect(await page().findByText(/local test payout provider/)).toBeVisible();
    await expect(page().getByText(`${LOCAL_PAYOUT_ACCOUNTS.verified}: verified at once`)).toBeVisible();
    await fill(LOCAL_PAYOUT_ACCOUNTS.verified);
    await expect(await page().findByRole('heading', { name: 'Bank account: Verified' })).toBeVisible();
    await waitFor(() => expect(loadedScreen(context).location.history.at(-1)).toBe('/dashboard/payouts'));
    const account = loadedScreen(context).mockStore.payoutAccounts.find(
      (candidate) => candidate.sellerId === demoAccounts.seller._id,
    );
    await expect(account).toMatchObject({ status: 'verified', last4: '6789' });
  },
};

/** What the contract refuses is said under each field before anything is sent. */
export const Invalid: Story = {
  play: async () => {
    await userEvent.click(await page().findByRole('button', { name: 'Save bank account' }));
    await expect(await page().findByText('Enter the name on the account')).toBeVisible();
    await expect(page().getByText('A routing number is 9 digits')).toBeVisible();
    await expect(page().getByText('An account number is 4 to 17 digits')).toBeVisible();
  },
};

/** Another provider is configured: the server answers 404, and the page says where the details go instead. */
export const HostedElsewhere: Story = {
  parameters: {
    screen: {
      handlers: [
        http.post('*/api/payout-account/local-details', () =>
          HttpResponse.json({ message: 'Not found' }, { status: 404 }),
        ),
      ],
    },
  },
  play: async () => {
    await fill(LOCAL_PAYOUT_ACCOUNTS.verified);
    const hosted = await page().findByText(/go through a hosted provider/);
    await expect(hosted).toBeVisible();
    await expect(within(hosted).getByRole('link', { name: 'Payouts' })).toHaveAttribute(
      'href',
      '/dashboard/payouts',
    );
    await expect(page().queryByRole('button', { name: 'Save bank account' })).toBeNull();
  },
};

export const OnPhone375: Story = at375({
  play: async () => {
    const save = await page().findByRole('button', { name: 'Save bank account' });
    await expect(save.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth);
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
});
