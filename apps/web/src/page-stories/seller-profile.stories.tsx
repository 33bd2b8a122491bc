import { demoAccounts, mobiles } from '@recell/api/fixtures';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { seedBlindReview, seedHiddenReview, seedSellerReviews } from '../testing/reviews';
import { at375, page, screenMeta } from '../testing/story-helpers';

const { seller } = demoAccounts;

const meta = {
  title: 'Screens/Seller profile',
  tags: ['!autodocs'],
  ...screenMeta({ route: `/seller/${seller._id}` }),
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

/** The seed: one review, with the handover's evidence and the seller's reply; "New seller" below three. */
export const WithReply: Story = {
  play: async () => {
    await expect(await page().findByRole('heading', { level: 1, name: seller.name })).toBeVisible();
    await expect(await page().findByText('New seller')).toBeVisible();
    await expect(await page().findByText(/^Verified handover: IMEI matched/)).toBeVisible();
    await expect(page().getByText(/^The seller replied:/)).toBeVisible();
  },
};

/** The seller's listings in stock above the reviews, each a card linking to its page. */
export const WithListings: Story = {
  play: async () => {
    const list = await page().findByRole('list', { name: "The seller's listings" });
    const own = mobiles.filter((mobile) => mobile.sellerId === seller._id && mobile.stock > 0);
    await expect(within(list).getAllByRole('listitem').length).toBe(Math.min(own.length, 6));
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};

export const WithListingsAt375: Story = at375(WithListings);

/** A seller with nothing in stock says so. */
export const NothingForSale: Story = {
  parameters: {
    screen: {
      seed: (store) =>
        void (store.mobiles = store.mobiles.filter((mobile) => mobile.sellerId !== seller._id)),
    },
  },
  play: async () => {
    await expect(await page().findByText('Nothing for sale right now.')).toBeVisible();
  },
};

export const NoReviews: Story = {
  parameters: { screen: { seed: (store) => void (store.reviews = []) } },
  play: async () => {
    await expect(await page().findByText('No reviews yet.')).toBeVisible();
  },
};

/** Three and more: the average shows. */
export const Few: Story = {
  parameters: { screen: { seed: (store) => void seedSellerReviews(store, 3) } },
  play: async () => {
    await expect(await page().findByText(/★ \(4 reviews\)$/)).toBeVisible();
  },
};

/** More than a page: newest first, then the pager. */
export const Many: Story = {
  parameters: { screen: { seed: (store) => void seedSellerReviews(store, 30) } },
  play: async () => {
    await expect(await page().findByRole('navigation', { name: 'Pages' })).toBeVisible();
  },
};

/** An admin hid one: it is on neither the list nor the rating. */
export const Hidden: Story = {
  parameters: { screen: { seed: seedHiddenReview } },
  play: async () => {
    await expect(await page().findByText('New seller')).toBeVisible();
    await expect(page().queryByText('Hidden words')).not.toBeInTheDocument();
  },
};

/** Written, but the other side has not: blind until they do or the window closes. */
export const BlindPending: Story = {
  parameters: { screen: { seed: seedBlindReview } },
  play: async () => {
    await expect(await page().findByText(/^Verified handover/)).toBeVisible();
    await expect(page().queryByText('Not public yet')).not.toBeInTheDocument();
  },
};

export const At375: Story = at375(WithReply);
