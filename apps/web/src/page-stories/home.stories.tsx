import { mobiles } from '@recell/api/fixtures';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import {
  bookFromModal,
  emptyState,
  errorState,
  findAnnounced,
  loadingState,
  mobile,
  page,
  screenMeta,
} from '../testing/story-helpers';

const meta = {
  title: 'Screens/Home',
  tags: ['!autodocs'],
  ...screenMeta({ route: '/' }),
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const advertised = mobiles.filter((phone) => phone.advertised && phone.stock > 0);
const first = advertised[0]!;

export const Visitor: Story = {
  play: async () => {
    await expect(await page().findByRole('heading', { name: first.title })).toBeVisible();
    await expect(page().getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(page().queryByRole('button', { name: `Book ${first.title}` })).toBeNull();
    await expect(page().getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login');
  },
};

/** On a phone the header is one row: Login waits in the menu, which has no Sign out for a visitor. */
export const VisitorOnMobile: Story = {
  globals: mobile,
  play: async () => {
    await expect(await page().findByRole('heading', { name: first.title })).toBeVisible();
    await expect(page().queryByRole('link', { name: 'Login' })).toBeNull();
    await userEvent.click(page().getByRole('button', { name: 'Open menu' }));
    const drawer = within(await page().findByRole('dialog', { name: 'Menu' }));
    await waitFor(() => expect(drawer.getByRole('link', { name: 'Login' })).toBeVisible());
    await expect(drawer.queryByRole('button', { name: /Sign out|Log Out/ })).toBeNull();
  },
};

export const Buyer: Story = {
  parameters: { screen: { persona: 'buyer' } },
  play: async () => {
    await userEvent.click(await page().findByRole('button', { name: `Add to Wishlist: ${first.title}` }));
    await findAnnounced('Wishlisted Confirmed');
  },
};

export const BuyerBooks: Story = {
  parameters: { screen: { persona: 'buyer' } },
  play: () => bookFromModal(first),
};

/** Sellers see the advertised phones without Book or Add to Wishlist (§5). */
export const Seller: Story = {
  parameters: { screen: { persona: 'seller' } },
  play: async () => {
    await expect(await page().findByRole('heading', { name: first.title })).toBeVisible();
    await expect(page().getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(page().queryByRole('button', { name: `Book ${first.title}` })).toBeNull();
    // signed in: the hero leads to the phones, not to Log In / Register
    await expect(page().getByRole('link', { name: 'Find a phone' })).toHaveAttribute('href', '/search');
    await expect(page().queryByRole('link', { name: 'Log In' })).toBeNull();
  },
};

export const Loading = loadingState('Loading advertised phones');
export const Empty = emptyState('No phones are advertised right now.');
export const ServerError = errorState('Could not load advertised phones');
