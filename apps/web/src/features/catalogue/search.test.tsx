import { demoAccounts, mobiles } from '@recell/api/fixtures';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { media } from '@recell/ui/theme';
import { beforeEach, describe, expect, it } from 'vitest';
import { findStatus } from '../../testing/alerts';
import { setMediaQuery } from '../../testing/media';
import { addSamsungs } from '../../testing/many-phones';
import { renderApp } from '../../testing/render-app';

const s21 = mobiles.find((mobile) => mobile._id === 'm-samsung-s21')!;
/** The seed's phones with "128" in their details: one brand after another. */
const with128 = mobiles.filter((mobile) => mobile.details.includes('128 GB'));

const cardTitles = () =>
  within(screen.getByRole('list', { name: /phones$/ }))
    .getAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent);

/** Picks an option of the design system's Select (a button that opens a list box). */
async function choose(user: ReturnType<typeof renderApp>['user'], label: string, option: string) {
  // the list box's button is named by its value, then its label: "Good Condition"
  await user.click(screen.getByRole('button', { name: new RegExp(`${label}$`) }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('search from the navbar', () => {
  it('searches every brand and shows the results at /search?q=', async () => {
    const { user, currentPath } = renderApp('/', { as: demoAccounts.buyer });
    await user.type(screen.getByRole('searchbox', { name: 'Search all phones' }), '128{Enter}');
    await waitFor(() => expect(currentPath()).toBe('/search?q=128'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Phones matching “128”' }),
    ).toBeInTheDocument();
    expect(await screen.findByText(`${with128.length} phones`)).toBeInTheDocument();
    expect(new Set(with128.map((mobile) => mobile.category_id)).size).toBeGreaterThan(1);
    for (const phone of with128)
      expect(screen.getByRole('heading', { name: phone.title })).toBeInTheDocument();
    expect(cardTitles()).toHaveLength(with128.length);
    await findStatus(`${with128.length} phones, page 1 of 1`);
    expect(document.title).toBe('128: search | ReCell');
    // the navbar's box keeps the words, to refine them: the page has no second box saying the same
    expect(screen.getAllByRole('searchbox')).toEqual([
      screen.getByRole('searchbox', { name: 'Search all phones' }),
    ]);
    expect(screen.getByRole('searchbox')).toHaveValue('128');
  });

  it('starts a new search clean, on the results page too, and Clear filters keeps the words', async () => {
    const { user, currentPath } = renderApp('/search?q=128&condition=Excellent&sort=price_asc', {
      as: demoAccounts.buyer,
    });
    expect(await screen.findByText('2 phones')).toBeInTheDocument();
    const box = screen.getByRole('searchbox', { name: 'Search all phones' });
    await user.clear(box);
    await user.type(box, 'iphone');
    await user.click(screen.getByRole('button', { name: 'Search all phones' }));
    // the earlier condition and sort would hide other phones: a new search drops them
    await waitFor(() => expect(currentPath()).toBe('/search?q=iphone'));
    const iphones = mobiles.filter((mobile) => /iphone/i.test(mobile.title));
    expect(await screen.findByText(`${iphones.length} phones`)).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'About' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search all phones' }), 'iphone{Enter}');
    await waitFor(() => expect(currentPath()).toBe('/search?q=iphone'));
  });

  it('clears the filters but keeps the words', async () => {
    setMediaQuery(media.tablet, true);
    const { user, currentPath } = renderApp('/search?q=galaxy&condition=Excellent', {
      as: demoAccounts.buyer,
    });
    await waitFor(() => expect(cardTitles()).toEqual(['Samsung Galaxy A54']));
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(currentPath()).toBe('/search?q=galaxy'));
    expect(screen.getByRole('searchbox', { name: 'Search all phones' })).toHaveValue('galaxy');
    // the words alone are no filter to clear
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument(),
    );
  });

  it('sends a visitor to log in first, and back to the results afterwards', () => {
    const { currentPath } = renderApp('/search?q=galaxy');
    expect(currentPath()).toBe(`/login?from=${encodeURIComponent('/search?q=galaxy')}`);
  });
});

describe('search panel on a phone', () => {
  it('draws the filter fields only once "Filters and sort" opens them', async () => {
    const { user } = renderApp('/category/02', { as: demoAccounts.buyer });
    const toggle = await screen.findByRole('button', { name: 'Filters and sort' });
    expect(await screen.findByText(/^\d+ phones?$/)).toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('textbox', { name: 'Min price' })).toBeNull();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByRole('textbox', { name: 'Min price' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Sort by$/ })).toBeInTheDocument();
  });
});

describe('search panel on a category page', () => {
  // from a tablet up, where the filter fields are always shown (the setup turns every query off after each test)
  beforeEach(() => setMediaQuery(media.tablet, true));

  it('filters by price and condition from the URL, and says so with removable chips', async () => {
    const { user, currentPath } = renderApp('/category/02?maxPrice=350&condition=Good', {
      as: demoAccounts.buyer,
    });
    expect(await screen.findByText('1 phone')).toBeInTheDocument();
    expect(cardTitles()).toEqual([s21.title]);
    expect(screen.getByRole('button', { name: 'Good Condition' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Max price' })).toHaveValue('$350');
    const chips = within(screen.getByRole('list', { name: 'Filters in use' }));
    await user.click(chips.getByRole('button', { name: 'Remove Condition: Good' }));
    await waitFor(() => expect(currentPath()).toBe('/category/02?maxPrice=350'));
    expect(await screen.findByText('2 phones')).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(currentPath()).toBe('/category/02'));
    expect(await screen.findByText('3 phones')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Filters in use' })).not.toBeInTheDocument();
  });

  it('applies typed prices, a chosen condition and a sort, each into the URL', async () => {
    const { user, currentPath } = renderApp('/category/02', { as: demoAccounts.buyer });
    await screen.findByText('3 phones');
    await user.type(screen.getByRole('textbox', { name: 'Min price' }), '200{Enter}');
    await waitFor(() => expect(currentPath()).toBe('/category/02?minPrice=200'));
    await choose(user, 'Condition', 'Good');
    await waitFor(() => expect(currentPath()).toBe('/category/02?minPrice=200&condition=Good'));
    await choose(user, 'Sort by', 'Price: high to low');
    await waitFor(() =>
      expect(currentPath()).toBe('/category/02?minPrice=200&condition=Good&sort=price_desc'),
    );
    await waitFor(() => expect(cardTitles()).toEqual(['Samsung Galaxy Z Flip4', s21.title]));
    await choose(user, 'Sort by', 'Price: low to high');
    await waitFor(() => expect(cardTitles()).toEqual([s21.title, 'Samsung Galaxy Z Flip4']));
  });

  it('filters by storage and battery health, leaving out phones that do not say', async () => {
    const samsung = mobiles.filter((mobile) => mobile.category_id === '02');
    const { user, currentPath } = renderApp('/category/02', { as: demoAccounts.buyer });
    await screen.findByText('3 phones');
    await choose(user, 'Storage', '128 GB');
    await waitFor(() => expect(currentPath()).toBe('/category/02?storage=128'));
    const with128gb = samsung.filter((mobile) => mobile.storageGb === 128);
    expect(await screen.findByText(`${with128gb.length} phones`)).toBeInTheDocument();
    await choose(user, 'Battery health', '90% or more');
    await waitFor(() => expect(currentPath()).toBe('/category/02?storage=128&minBattery=90'));
    const kept = with128gb.filter((mobile) => (mobile.batteryHealth ?? 0) >= 90);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length).toBeLessThan(with128gb.length);
    await waitFor(() => expect(cardTitles()).toEqual(kept.map((mobile) => mobile.title)));
    const chips = within(screen.getByRole('list', { name: 'Filters in use' }));
    expect(chips.getByRole('button', { name: 'Remove 128 GB' })).toBeInTheDocument();
    await user.click(chips.getByRole('button', { name: 'Remove Battery 90% or more' }));
    await waitFor(() => expect(currentPath()).toBe('/category/02?storage=128'));
  });

  it("shows each seller's rating on the cards and keeps sellers rated 4 stars and up", async () => {
    const { user, currentPath } = renderApp('/category/02', {
      as: demoAccounts.buyer,
      // two more reviews of the demo seller: 5, 4 and 4 from three is 4.3; the other seller has none
      seed: (store) =>
        store.reviews.push(
          ...[4, 4].map((stars, index) => ({
            _id: `rv-web-rating-${index}`,
            bookingId: 'b-demo-paid',
            authorId: demoAccounts.buyer._id,
            subjectId: demoAccounts.seller._id,
            about: 'seller' as const,
            stars,
            createdAt: '2026-11-14T09:00:00.000Z',
            publishedAt: '2026-11-14T09:00:00.000Z',
          })),
        ),
    });
    await screen.findByText('3 phones');
    const card = (title: string) => within(screen.getByRole('heading', { name: title }).closest('li')!);
    expect(card(s21.title).getByRole('img', { name: 'Rated 4.3 out of 5 from 3 reviews' })).toBeVisible();
    expect(card('Samsung Galaxy A54').getByText('New seller')).toBeInTheDocument();
    await choose(user, 'Seller rating', '4 stars and up');
    await waitFor(() => expect(currentPath()).toBe('/category/02?minRating=4'));
    await waitFor(() => expect(cardTitles()).toEqual(['Samsung Galaxy Z Flip4', s21.title]));
    const chips = within(screen.getByRole('list', { name: 'Filters in use' }));
    await user.click(chips.getByRole('button', { name: 'Remove Sellers rated 4 stars and up' }));
    await waitFor(() => expect(currentPath()).toBe('/category/02'));
    await choose(user, 'Seller rating', '4 stars and up');
    await waitFor(() => expect(currentPath()).toBe('/category/02?minRating=4'));
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(currentPath()).toBe('/category/02'));
    expect(await screen.findByText('3 phones')).toBeInTheDocument();
  });

  it('pages through every phone with numbered pages, Previous and Next', async () => {
    const { user, currentPath } = renderApp('/category/02?sort=price_asc', {
      as: demoAccounts.buyer,
      seed: (store) => addSamsungs(store),
    });
    expect(await screen.findByText('48 phones')).toBeInTheDocument();
    // the first cards paint first, the rest follow in a transition
    await waitFor(() => expect(cardTitles()).toHaveLength(20));
    expect(cardTitles()[0]).toBe('Samsung Galaxy Extra 1');
    const pages = within(screen.getByRole('navigation', { name: 'Pages' }));
    expect(pages.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(pages.queryByRole('link', { name: 'Previous page' })).not.toBeInTheDocument();

    await user.click(pages.getByRole('link', { name: 'Next page' }));
    await waitFor(() => expect(currentPath()).toBe('/category/02?sort=price_asc&page=2'));
    await findStatus('48 phones, page 2 of 3');
    expect(cardTitles()[0]).toBe('Samsung Galaxy Extra 21');
    expect(screen.getByText('48 phones')).toHaveFocus();

    await user.click(screen.getByRole('link', { name: 'Page 3' }));
    await findStatus('48 phones, page 3 of 3');
    // the last page: 5 more of ours and the seed's three Samsungs, the dearest last
    expect(cardTitles()).toHaveLength(8);
    expect(cardTitles().at(-1)).toBe('Samsung Galaxy Z Flip4');
    expect(screen.queryByRole('link', { name: 'Next page' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Previous page' }));
    await waitFor(() => expect(currentPath()).toBe('/category/02?sort=price_asc&page=2'));
  });

  it('says when nothing matches, and offers to clear the filters or search every brand', async () => {
    const { user, currentPath } = renderApp('/category/02?q=iphone', { as: demoAccounts.buyer });
    expect(await screen.findByRole('heading', { name: 'No phones match your search' })).toBeInTheDocument();
    expect(screen.getByText('No phones')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Search every brand for “iphone”' }));
    await waitFor(() => expect(currentPath()).toBe('/search?q=iphone'));
    expect(await screen.findByText('3 phones')).toBeInTheDocument();
  });

  it('says when a shared link names a page past the last, and links to the last', async () => {
    const { user, currentPath } = renderApp('/category/02?page=9', { as: demoAccounts.buyer });
    expect(await screen.findByRole('heading', { name: 'There is no page 9' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Go to page 1' }));
    await waitFor(() => expect(currentPath()).toBe('/category/02'));
    expect(await screen.findByText('3 phones')).toBeInTheDocument();
  });

  it('counts past 1,000 as "1,000+ phones"', async () => {
    renderApp('/search', {
      as: demoAccounts.buyer,
      handlers: [
        http.get('*/api/mobiles', () =>
          HttpResponse.json({ items: [s21], total: 1000, page: 1, pageSize: 20, totalCapped: true }),
        ),
      ],
    });
    expect(await screen.findByText('1,000+ phones')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Page 50' })).toBeInTheDocument();
  });

  it('shows a failure in place, with Try again', async () => {
    // down until the failure is on screen: the route's early request and the screen's own alike
    let down = true;
    const { user } = renderApp('/category/02', {
      as: demoAccounts.buyer,
      handlers: [
        http.get('*/api/mobiles/:id', () =>
          down ? HttpResponse.json({ message: 'Database is busy' }, { status: 503 }) : undefined,
        ),
      ],
    });
    const alert = (await screen.findByText('Could not load Samsung phones')).closest<HTMLElement>(
      '[role="alert"]',
    )!;
    expect(alert).toHaveTextContent('Database is busy');
    down = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('3 phones')).toBeInTheDocument();
  });
});
