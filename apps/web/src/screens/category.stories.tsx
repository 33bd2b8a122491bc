import { mobiles } from '@recell/api/fixtures';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
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
  title: 'Screens/Category',
  tags: ['!autodocs'],
  ...screenMeta({ route: '/category/02', persona: 'buyer' }),
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const samsung = mobiles.filter((phone) => phone.category_id === '02');
const s21 = samsung.find((phone) => phone.stock > 0)!;
const card = async (title: string) =>
  within((await page().findByRole('heading', { name: title })).closest('li')!);

export const Buyer: Story = {
  play: async () => {
    await expect(await page().findByRole('heading', { level: 1, name: 'Samsung phones' })).toBeVisible();
    for (const phone of samsung)
      await expect(await page().findByRole('heading', { name: phone.title })).toBeVisible();
    const phone = await card(s21.title);
    await expect(phone.getByRole('button', { name: `Book ${s21.title}` })).toBeEnabled();
    await expect(phone.getByRole('button', { name: `Report ${s21.title}` })).toBeVisible();
  },
};

export const BuyerOnMobile: Story = { ...Buyer, globals: mobile };

export const AddToCart: Story = {
  play: async () => {
    const phone = await card(s21.title);
    await userEvent.click(phone.getByRole('button', { name: `Add To Cart: ${s21.title}` }));
    await findAnnounced('Added to cart Confirmed');
  },
};

export const BookAndConfirm: Story = {
  play: async () => {
    await card(s21.title);
    await bookFromModal(s21);
  },
};

/** A seller sees the phones but has no Book, Add To Cart or Report (§5). */
export const Seller: Story = {
  parameters: { screen: { persona: 'seller' } },
  play: async () => {
    await card(s21.title);
    await expect(page().queryByRole('button', { name: /^(Book|Report) / })).toBeNull();
    await expect(page().queryByRole('button', { name: /Add To Cart/ })).toBeNull();
  },
};

export const Admin: Story = {
  parameters: { screen: { persona: 'admin' } },
  play: async () => {
    const phone = await card(s21.title);
    await expect(phone.getByRole('button', { name: `Book ${s21.title}` })).toBeVisible();
  },
};

/** The category pages are private: a visitor is sent to log in. */
export const Visitor: Story = {
  parameters: { screen: { persona: 'visitor' } },
  play: async () => {
    await expect(await page().findByRole('heading', { name: 'Login' })).toBeVisible();
  },
};

export const Loading = loadingState('Loading Samsung phones');
export const Empty = emptyState('No Samsung phones for sale right now.');
/** The category's phones failing to load: said in place, with Try again (the filters stay usable). */
export const ServerError = errorState('Could not load Samsung phones');
