import { mobiles } from '@recell/api/fixtures';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, userEvent, within } from 'storybook/test';
import { addSamsungs } from '../testing/many-phones';
import {
  at375,
  bookFromModal,
  emptyState,
  errorState,
  findAnnounced,
  loadedScreen,
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

/** Report asks why: a reason the person chooses (none is chosen for them) and an optional note. */
export const ReportWithReason: Story = {
  play: async () => {
    const phone = await card(s21.title);
    await userEvent.click(phone.getByRole('button', { name: `Report ${s21.title}` }));
    const dialog = within(await page().findByRole('dialog', { name: `Report ${s21.title}` }));
    // nothing is chosen for the person
    await userEvent.click(dialog.getByRole('button', { name: /Choose a reason/ }));
    await userEvent.click(await page().findByRole('option', { name: 'Fake listing' }));
    await userEvent.type(
      dialog.getByRole('textbox', { name: 'Note (optional)' }),
      'Pictures are from a shop',
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Send report' }));
    await findAnnounced('Report Submitted');
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

/** Filters from a shared link: the fields show them, a chip each; removing one goes back to more phones. */
export const Filtered: Story = {
  parameters: { screen: { route: '/category/02?maxPrice=350&condition=Good&sort=price_asc' } },
  play: async (context) => {
    await findAnnounced('1 phone, page 1 of 1');
    await expect(page().getByRole('textbox', { name: 'Max price' })).toHaveValue('$350');
    await userEvent.click(page().getByRole('button', { name: 'Remove Condition: Good' }));
    await findAnnounced('2 phones, page 1 of 1');
    await expect(loadedScreen(context).location.history.at(-1)).toBe(
      '/category/02?maxPrice=350&sort=price_asc',
    );
  },
};

/** At 375 px the filters fold behind "Filters and sort (2)"; the chips stay in view. */
export const FilteredAt375: Story = at375({
  parameters: Filtered.parameters,
  play: async () => {
    await findAnnounced('1 phone, page 1 of 1');
    await expect(page().getByRole('button', { name: 'Filters and sort (2)' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    await expect(page().getByRole('button', { name: 'Remove Up to $350' })).toBeVisible();
  },
});

/** 48 Samsungs: three pages, the last reached by its number. */
export const Pages: Story = {
  parameters: { screen: { seed: (store) => void addSamsungs(store) } },
  play: async () => {
    await findAnnounced('48 phones, page 1 of 3');
    await userEvent.click(page().getByRole('link', { name: 'Page 3' }));
    await findAnnounced('48 phones, page 3 of 3');
    const list = within(page().getByRole('list', { name: 'Samsung phones' }));
    await expect(list.getAllByRole('heading', { level: 2 })).toHaveLength(8);
  },
};

/** Words no Samsung has: the empty state offers the same words over every brand. */
export const NoMatch: Story = {
  parameters: { screen: { route: '/category/02?q=iphone' } },
  play: async () => {
    await expect(await page().findByRole('heading', { name: 'No phones match your search' })).toBeVisible();
    await userEvent.click(page().getByRole('link', { name: 'Search every brand for “iphone”' }));
    await findAnnounced('3 phones, page 1 of 1');
  },
};

export const NoMatchAt375 = at375(NoMatch);

/** Past 1,000 matches: "1,000+ phones". */
export const Capped: Story = {
  parameters: {
    screen: {
      handlers: [
        http.get('*/api/mobiles/:id', () =>
          HttpResponse.json({ items: [s21], total: 1000, page: 1, pageSize: 20, totalCapped: true }),
        ),
      ],
    },
  },
  play: async () => {
    await findAnnounced('1,000+ phones, page 1 of 50');
  },
};

export const ServerErrorAt375 = at375(ServerError);
