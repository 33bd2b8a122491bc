import { offerWords } from '@recell/api';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { at375, findAnnounced, loadedScreen, page, screenMeta } from '../../../testing/story-helpers';
import { accepted, awaitingCard, only } from './offer-scenes';

// My Orders' Offers tab (the buyer's offers), one story per state an offer can be in; the seller's side is in
// OffersReceived.stories.tsx, the dialog in MakeOfferDialog.stories.tsx.
const meta = {
  title: 'Screens/Dashboard/My Offers',
  tags: ['!autodocs'],
  ...screenMeta({ route: '/dashboard/offers', persona: 'buyer' }),
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

/** The offer's card, found by its phone. */
const card = async (phone: string) =>
  within(await page().findByRole('article', { name: `Offer for ${phone}` }));

export const Pending: Story = {
  parameters: { screen: { seed: only('o-demo-pending') } },
  play: async () => {
    const offer = await card('Apple iPhone 13');
    await expect(offer.getByText(offerWords.status('pending'))).toBeVisible();
    await expect(offer.getByText('Held on your card').nextElementSibling).toHaveTextContent('$560');
    await expect(offer.getByText('Answer by')).toBeVisible();
    await expect(
      offer.getByRole('button', { name: 'Withdraw your offer for Apple iPhone 13' }),
    ).toBeVisible();
  },
};

/** Withdrawing lets the card go: the card says so, and the buyer is told. */
export const Withdrawn: Story = {
  parameters: { screen: { seed: only('o-demo-pending') } },
  play: async (context) => {
    const offer = await card('Apple iPhone 13');
    await userEvent.click(offer.getByRole('button', { name: 'Withdraw your offer for Apple iPhone 13' }));
    await findAnnounced('Offer withdrawn: your card was released');
    await expect(await offer.findByText(offerWords.status('withdrawn'))).toBeVisible();
    await expect(loadedScreen(context).mockStore.offerAuthorizations[0]?.state).toBe('released');
  },
};

export const Countered: Story = {
  parameters: { screen: { seed: only('o-demo-countered') } },
  play: async () => {
    const offer = await card('Xiaomi Redmi Note 12');
    await expect(offer.getByText('The seller asks').nextElementSibling).toHaveTextContent('$125');
    // the seller's note, as they wrote it
    await expect(offer.getByRole('blockquote', { name: "The seller's note" })).toHaveTextContent(
      '125 and it is yours, with the charger.',
    );
    await expect(offer.getByRole('link', { name: 'Accept $125 for Xiaomi Redmi Note 12' })).toHaveAttribute(
      'href',
      '/dashboard/payment/offer/o-demo-countered',
    );
    await expect(
      offer.getByRole('button', { name: 'Decline the counter for Xiaomi Redmi Note 12' }),
    ).toBeVisible();
  },
};

export const CounteredAt375: Story = at375(Countered);

export const Accepted: Story = {
  parameters: { screen: { seed: accepted } },
  play: async () => {
    const offer = await card('Apple iPhone 13');
    await expect(offer.getByText(offerWords.status('accepted'))).toBeVisible();
    await expect(offer.getByText(offerWords.held(560), { exact: false })).toBeVisible();
    await expect(offer.getByRole('link', { name: 'Open the deal' })).toBeVisible();
  },
};

export const Expired: Story = {
  parameters: { screen: { seed: only('o-demo-expired') } },
  play: async () => {
    const offer = await card('Xiaomi 13T');
    await expect(offer.getByText(offerWords.status('expired'))).toBeVisible();
    await expect(offer.getByText('24 hours passed without an answer. Your card was released.')).toBeVisible();
    await expect(offer.queryByRole('button')).toBeNull();
  },
};

export const Declined: Story = {
  parameters: { screen: { seed: only('o-demo-declined') } },
  play: async () => {
    const offer = await card('Samsung Galaxy A54');
    await expect(offer.getByText(offerWords.status('declined'))).toBeVisible();
    await expect(offer.getByText('The seller declined. Your card was released.')).toBeVisible();
  },
};

export const Voided: Story = {
  parameters: { screen: { seed: only('o-demo-voided') } },
  play: async () => {
    const offer = await card('Xiaomi Poco X5 Pro');
    await expect(offer.getByText(offerWords.status('voided'))).toBeVisible();
    await expect(offer.getByText(/sold to someone else/)).toBeVisible();
  },
};

/** Declined at once by the seller's floor: the buyer is told, never the number. */
export const Floor: Story = {
  parameters: { screen: { seed: only('o-demo-floor') } },
  play: async () => {
    const offer = await card('Samsung Galaxy Z Flip4');
    await expect(offer.getByText(/does not take offers this low/)).toBeVisible();
    await expect(offer.queryByText('$300')).toBeNull();
  },
};

/** Made, the card not held yet: holding it is the next step; the note is shown as the text it is. */
export const AwaitingCard: Story = {
  parameters: { screen: { seed: awaitingCard } },
  play: async () => {
    const offer = await card('Samsung Galaxy A54');
    await expect(offer.getByText(offerWords.status('awaiting_card'))).toBeVisible();
    await expect(
      offer.getByRole('link', { name: 'Hold $180 on your card for Samsung Galaxy A54' }),
    ).toBeVisible();
    await expect(offer.getByRole('blockquote', { name: 'Your note' })).toHaveTextContent(
      'Can you do 180? <b>not bold</b>',
    );
  },
};

/** Every state at once, as the seed holds them. */
export const All: Story = {
  play: async () => {
    await expect(await page().findAllByRole('article')).toHaveLength(6);
    await expect(page().getByRole('link', { name: 'Offers' })).toHaveAttribute('aria-current', 'page');
  },
};
