import { claimKindWords } from '@recell/api';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor } from 'storybook/test';
import {
  at375,
  findAnnounced,
  loadedScreen,
  page,
  screenMeta,
  type Persona,
} from '../../../testing/story-helpers';
import { claimIs, claimText, decisionReasons } from './payout-scenes';

// One claim (cl-story, $435 on the iPhone 13) as its buyer, its seller and an admin see it, open or decided;
// an admin decides an open one with a reason.
const meta = {
  title: 'Screens/Dashboard/Claim',
  tags: ['!autodocs'],
  ...screenMeta({ route: '/dashboard/claims/cl-story', persona: 'buyer' }),
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const story = (persona: Persona, status: 'open' | 'refunded' | 'released', says: RegExp): Story => ({
  parameters: { screen: { persona, seed: claimIs(status) } },
  play: async () => {
    await expect(await page().findByRole('heading', { name: 'Claim on Apple iPhone 13' })).toBeVisible();
    await expect(page().getByText(says)).toBeVisible();
    await expect(page().getByText(claimKindWords.activation_lock)).toBeVisible();
    await expect(page().getByText(claimText)).toBeVisible();
    await expect(page().getAllByText('$435.00').length).toBeGreaterThan(0);
    const decides = persona === 'admin' && status === 'open';
    await expect(page().queryByRole('button', { name: /^Refund / }) !== null).toBe(decides);
    if (status !== 'open') await expect(page().getByText(decisionReasons[status])).toBeVisible();
  },
});

export const OpenForBuyer = story('buyer', 'open', /The seller's money waits until then/);
export const OpenForSeller = story('seller', 'open', /this money is on hold until ReCell decides/);
export const OpenForAdmin = story('admin', 'open', /Refund the buyer through the processor/);
export const RefundedForBuyer = story('buyer', 'refunded', /is refunded to the buyer's card/);
export const RefundedForSeller = story('seller', 'refunded', /this deal pays you nothing/);
export const RefundedForAdmin = story('admin', 'refunded', /is refunded to the buyer's card/);
export const ReleasedForBuyer = story('buyer', 'released', /the money goes to the seller/);
export const ReleasedForSeller = story('seller', 'released', /is the seller's again/);
export const ReleasedForAdmin = story('admin', 'released', /is the seller's again/);

/** The admin refunds with a reason: a reason is asked for first; then the claim says refunded. */
export const AdminRefunds: Story = {
  parameters: { screen: { persona: 'admin', seed: claimIs('open') } },
  play: async (context) => {
    await userEvent.click(await page().findByRole('button', { name: 'Refund $435.00 to the buyer' }));
    await expect(await page().findByText('Give a reason: both sides read it')).toBeVisible();
    await userEvent.type(
      page().getByRole('textbox', { name: /^Reason/ }),
      'The lock is the seller’s to remove.',
    );
    await userEvent.click(page().getByRole('button', { name: 'Refund $435.00 to the buyer' }));
    await findAnnounced('Claim decided: Refunded to the buyer');
    await waitFor(() => expect(page().queryByRole('button', { name: /^Refund / })).toBeNull());
    await expect(page().getByText('The lock is the seller’s to remove.')).toBeVisible();
    await expect(loadedScreen(context).mockStore.claims[0]).toMatchObject({ status: 'refunded' });
  },
};

/** Someone who is neither side: the server says it does not exist. */
export const NotYours: Story = {
  parameters: { screen: { persona: 'seller', seed: claimIs('open'), route: '/dashboard/claims/cl-nothing' } },
  play: async () => {
    await expect(await page().findByRole('heading', { name: 'Could not load the claim' })).toBeVisible();
  },
};

export const AdminOnPhone375: Story = at375({
  parameters: { screen: { persona: 'admin', seed: claimIs('open') } },
  play: async () => {
    const refund = await page().findByRole('button', { name: 'Refund $435.00 to the buyer' });
    await expect(refund.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth);
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
});
