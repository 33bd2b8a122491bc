import { mobiles } from '@recell/api/fixtures';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, userEvent, within } from 'storybook/test';
import { addSamsungs } from '../testing/many-phones';
import {
  emptyState,
  errorState,
  findAnnounced,
  loadedScreen,
  loadingState,
  page,
  at375,
  screenMeta,
} from '../testing/story-helpers';

const meta = {
  title: 'Screens/Search',
  tags: ['!autodocs'],
  ...screenMeta({ route: '/search?q=128', persona: 'buyer' }),
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const with128 = mobiles.filter((phone) => phone.details.includes('128 GB'));
const s21 = mobiles.find((phone) => phone._id === 'm-samsung-s21')!;
const where = (context: Parameters<typeof loadedScreen>[0]) => loadedScreen(context).location.history.at(-1);

/** The navbar's words found in every brand: the count, one card per phone, the words as a chip. */
export const Results: Story = {
  play: async () => {
    await expect(
      await page().findByRole('heading', { level: 1, name: 'Phones matching “128”' }),
    ).toBeVisible();
    await findAnnounced(`${with128.length} phones, page 1 of 1`);
    for (const phone of with128)
      await expect(page().getByRole('heading', { name: phone.title })).toBeVisible();
    await expect(page().getByRole('button', { name: 'Remove “128”' })).toBeVisible();
  },
};

/** At 375 px the filters fold behind one button, so the phones are on the first screen. */
export const ResultsAt375: Story = at375({
  play: async () => {
    await findAnnounced(`${with128.length} phones, page 1 of 1`);
    const toggle = page().getByRole('button', { name: 'Filters and sort' });
    await expect(page().queryByRole('textbox', { name: 'Min price' })).toBeNull();
    await userEvent.click(toggle);
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    // the fields' code loads when the fold first opens
    await expect(await page().findByRole('textbox', { name: 'Min price' })).toBeVisible();
  },
});

/** From any page: the navbar's box opens the results at /search?q=. */
export const FromTheNavbar: Story = {
  parameters: { screen: { route: '/' } },
  play: async (context) => {
    await userEvent.type(
      await page().findByRole('searchbox', { name: 'Search all phones' }),
      'galaxy{Enter}',
    );
    await findAnnounced('3 phones, page 1 of 1');
    await expect(where(context)).toBe('/search?q=galaxy');
  },
};

/** Filters from a shared link: chips for each, and a condition chosen on the page goes to the URL too. */
export const Filtered: Story = {
  parameters: { screen: { route: '/search?q=128&maxPrice=400&sort=price_asc' } },
  play: async (context) => {
    await findAnnounced('3 phones, page 1 of 1');
    const chips = within(page().getByRole('list', { name: 'Filters in use' }));
    await expect(chips.getByRole('button', { name: 'Remove Up to $400' })).toBeVisible();
    await userEvent.click(page().getByRole('button', { name: /Condition$/ }));
    await userEvent.click(await page().findByRole('option', { name: 'Good' }));
    await findAnnounced('1 phone, page 1 of 1');
    await expect(where(context)).toBe('/search?q=128&maxPrice=400&condition=Good&sort=price_asc');
    await expect(page().getByRole('heading', { name: s21.title })).toBeVisible();
  },
};

/** Every result is reachable: 20 a page, Next and the numbers move on, and say where they are. */
export const Pages: Story = {
  parameters: { screen: { route: '/search?q=samsung', seed: (store) => void addSamsungs(store) } },
  play: async (context) => {
    await findAnnounced('48 phones, page 1 of 3');
    const pages = within(page().getByRole('navigation', { name: 'Pages' }));
    await userEvent.click(pages.getByRole('link', { name: 'Next page' }));
    await findAnnounced('48 phones, page 2 of 3');
    await expect(where(context)).toBe('/search?q=samsung&page=2');
    await expect(page().getByText('48 phones', { selector: 'p' })).toHaveFocus();
    await expect(pages.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  },
};

export const PagesAt375: Story = at375(Pages);

/** Nothing matches: the page says how to widen the search, and Clear filters does it. */
export const NoMatch: Story = {
  // No Galaxy is in Fair condition; clearing the filters keeps the words, so the three Galaxies show.
  parameters: { screen: { route: '/search?q=galaxy&condition=Fair' } },
  play: async () => {
    await expect(await page().findByRole('heading', { name: 'No phones match your search' })).toBeVisible();
    await userEvent.click(page().getAllByRole('button', { name: 'Clear filters' }).at(-1)!);
    await findAnnounced('3 phones, page 1 of 1');
  },
};

/** Past 1,000 matches the server stops counting: "1,000+ phones", and pages end at the 50th. */
export const Capped: Story = {
  parameters: {
    screen: {
      route: '/search?q=phone',
      handlers: [
        http.get('*/api/mobiles', () =>
          HttpResponse.json({ items: [s21], total: 1000, page: 1, pageSize: 20, totalCapped: true }),
        ),
      ],
    },
  },
  play: async () => {
    await findAnnounced('1,000+ phones, page 1 of 50');
    await expect(page().getByRole('link', { name: 'Page 50' })).toBeVisible();
  },
};

export const CappedAt375: Story = at375(Capped);

/** The search pages are private, as the category pages are: a visitor is sent to log in. */
export const Visitor: Story = {
  parameters: { screen: { persona: 'visitor' } },
  play: async () => {
    await expect(await page().findByRole('heading', { name: 'Login' })).toBeVisible();
  },
};

export const Loading = loadingState('Loading phones');
/** No phones at all (and no words): the page says so plainly. */
export const Empty: Story = {
  ...emptyState('No phones for sale right now.'),
  parameters: { screen: { scenario: 'empty', route: '/search' } },
};
/** The search failing: said in place, with Try again. */
export const ServerError = errorState('Could not load phones');

export const ServerErrorAt375: Story = at375(ServerError);
