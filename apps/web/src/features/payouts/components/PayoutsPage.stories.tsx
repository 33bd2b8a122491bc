import { earningWords, payoutAccountWords, payoutRefusals, type PayoutAccount } from '@recell/api';
import { REFUSED_ACCOUNT_REQUIREMENT } from '@recell/api/fixtures';
import type { MockStore } from '@recell/api/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { at375, findAnnounced, page, screenMeta } from '../../../testing/story-helpers';
import { accountIn, earningIn, paidThrice } from './payout-scenes';

// The seller's Payouts page, one story per state of their money and of their payout account.
const meta = {
  title: 'Screens/Dashboard/Payouts',
  tags: ['!autodocs'],
  ...screenMeta({ route: '/dashboard/payouts', persona: 'seller' }),
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const both =
  (...seeds: ((store: MockStore) => void)[]) =>
  (store: MockStore) => {
    for (const seed of seeds) seed(store);
  };

/** The iPhone 13's row of the earnings table. */
const earningRow = async () =>
  within((await page().findByRole('cell', { name: 'Apple iPhone 13' })).closest('tr')!);
const payOut = () => page().findByRole('button', { name: /^Pay out \$/ });
const figure = (label: string) => page().getByText(label, { selector: 'dt' }).nextElementSibling!;

/** Pending through the claim window: the day it becomes available, and nothing to pay out yet. */
export const EarningPending: Story = {
  parameters: { screen: { seed: both(accountIn('verified'), earningIn('pending')) } },
  play: async () => {
    const row = await earningRow();
    await expect(row.getByText(/^Available on /)).toBeVisible();
    await expect(row.getByText('$435.00')).toBeVisible();
    await expect(figure('Pending (claim window)')).toHaveTextContent('$435.00');
    await expect(figure('Pending (claim window)')).toHaveTextContent(/Next available on/);
    await expect(await payOut()).toBeDisabled();
    await expect(page().getByText(payoutRefusals.belowMinimum(0).message)).toBeVisible();
  },
};

export const EarningOnHold: Story = {
  parameters: { screen: { seed: both(accountIn('verified'), earningIn('on_hold')) } },
  play: async () => {
    const row = await earningRow();
    await expect(row.getByText(earningWords.status('on_hold'))).toBeVisible();
    await expect(figure('On hold (a claim)')).toHaveTextContent('$435.00');
  },
};

/** Available on a verified account: the main action pays it out, and the row says where it went. */
export const EarningAvailable: Story = {
  parameters: { screen: { seed: both(accountIn('verified'), earningIn('available')) } },
  play: async () => {
    const row = await earningRow();
    await expect(row.getByText('Available')).toBeVisible();
    const button = await payOut();
    await expect(button).toHaveAccessibleName('Pay out $435.00 now');
    await expect(button).toBeEnabled();
    await userEvent.click(button);
    await findAnnounced('$435.00 paid out to the account ending 6789');
    await waitFor(async () =>
      expect((await earningRow()).getByText(/^Paid out .* to the account ending 6789$/)).toBeVisible(),
    );
  },
};

export const EarningPaidOut: Story = {
  parameters: { screen: { seed: earningIn('paid_out') } },
  play: async () => {
    const row = await earningRow();
    await expect(row.getByText(/^Paid out .* to the account ending 6789$/)).toBeVisible();
    await expect(figure('Paid out')).toHaveTextContent('$435.00');
    // the history is its own query: it may come after the earnings (it did on a busy machine)
    const history = within(await page().findByRole('region', { name: 'Payouts table' }));
    await expect(await history.findByRole('cell', { name: 'Ending 6789' })).toBeVisible();
  },
};

export const EarningRefunded: Story = {
  parameters: { screen: { seed: both(accountIn('verified'), earningIn('refunded')) } },
  play: async () => {
    const row = await earningRow();
    await expect(row.getByText(earningWords.status('refunded'))).toBeVisible();
    await expect(figure('Refunded')).toHaveTextContent('$435.00');
  },
};

/** The seed: the demo seller's account was refused by the bank; what is missing is said, and Pay out says why not. */
export const AccountRestricted: Story = {
  play: async () => {
    await expect(await page().findByRole('heading', { name: 'Bank account: Restricted' })).toBeVisible();
    await expect(page().getByText(payoutAccountWords.restricted)).toBeVisible();
    await expect(page().getByText(REFUSED_ACCOUNT_REQUIREMENT)).toBeVisible();
    await expect(page().getByText(/account ending 1116/)).toBeVisible();
    await expect(await payOut()).toBeDisabled();
    await expect(page().getByText(payoutRefusals.notEnabled('restricted').message)).toBeVisible();
    await expect(page().getByRole('button', { name: 'Update bank account' })).toBeVisible();
  },
};

/** Not started: Add bank account opens the local provider's form. */
export const AccountNotStarted: Story = {
  parameters: { screen: { seed: accountIn('not_started') } },
  play: async () => {
    await expect(await page().findByRole('heading', { name: 'Bank account: Not started' })).toBeVisible();
    await expect(page().getByText(payoutRefusals.notEnabled('not_started').message)).toBeVisible();
    await userEvent.click(page().getByRole('button', { name: 'Add bank account' }));
    await expect(await page().findByRole('heading', { name: 'Add a bank account', level: 1 })).toBeVisible();
  },
};

/** Details given, the provider still verifying (a hosted provider's review can take a day). */
export const AccountPending: Story = {
  parameters: {
    screen: {
      handlers: [
        http.get('*/api/payout-account', () =>
          HttpResponse.json({
            provider: 'stripe',
            status: 'pending',
            holderName: 'Rahim Uddin',
            last4: '3334',
            requirements: ['Your identity document is being checked'],
            minimumCents: 1000,
            availableCents: 14000,
          } satisfies PayoutAccount),
        ),
      ],
    },
  },
  play: async () => {
    await expect(await page().findByRole('heading', { name: 'Bank account: Being verified' })).toBeVisible();
    await expect(page().getByText(payoutAccountWords.pending)).toBeVisible();
    await expect(page().getByText('Your identity document is being checked')).toBeVisible();
    await expect(await payOut()).toBeDisabled();
    await expect(page().getByText(payoutRefusals.notEnabled('pending').message)).toBeVisible();
  },
};

export const AccountVerified: Story = {
  parameters: { screen: { seed: accountIn('verified') } },
  play: async () => {
    await expect(await page().findByRole('heading', { name: 'Bank account: Verified' })).toBeVisible();
    await expect(page().getByText(payoutAccountWords.verified)).toBeVisible();
    await expect(page().getByText(/Rahim Uddin, account ending 6789/)).toBeVisible();
    // the seed's $140 deal is available and over the minimum
    await expect(await payOut()).toBeEnabled();
  },
};

export const PayoutsEmpty: Story = {
  play: async () => {
    await expect(await page().findByText('No payouts yet.')).toBeVisible();
  },
};

export const PayoutsFull: Story = {
  parameters: { screen: { seed: paidThrice } },
  play: async () => {
    const history = within(await page().findByRole('region', { name: 'Payouts table' }));
    await expect(history.getAllByRole('row')).toHaveLength(4);
    await expect(history.getByRole('cell', { name: '$435.00' })).toBeVisible();
  },
};

/** On a 375 px phone: the money and Pay out now are on the screen, and nothing is wider than it. */
export const OnPhone375: Story = at375({
  parameters: { screen: { seed: both(accountIn('verified'), earningIn('available')) } },
  play: async () => {
    const button = await payOut();
    await expect(button).toBeVisible();
    await expect(button.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth);
    await expect(await page().findByRole('cell', { name: 'Apple iPhone 13' })).toBeVisible();
    await expect(figure('Available')).toBeVisible();
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
});
