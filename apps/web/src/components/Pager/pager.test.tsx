import { demoAccounts, wishlist } from '@recell/api/fixtures';
import type { MockStore } from '@recell/api/mocks';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../testing/render-app';
import { pageFrom, pageNumbers } from '.';

describe('pageNumbers', () => {
  it('shows the first, the last and two either side of the current page, with gaps', () => {
    expect(pageNumbers(1, 1)).toEqual([1]);
    expect(pageNumbers(1, 10)).toEqual([1, 2, 3, null, 10]);
    expect(pageNumbers(6, 12)).toEqual([1, null, 4, 5, 6, 7, 8, null, 12]);
    // a gap of one page shows the page itself
    expect(pageNumbers(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
});

describe('pageFrom', () => {
  it('reads a whole page number in range, and anything else as page 1', () => {
    expect(pageFrom('?page=3')).toBe(3);
    expect(pageFrom('q=x&page=12')).toBe(12);
    for (const odd of ['', '?page=0', '?page=-2', '?page=1.5', '?page=abc', '?page=01', '?page=2e3'])
      expect(pageFrom(odd)).toBe(1);
    expect(pageFrom('?page=99999999')).toBe(10000);
  });
});

const item = wishlist.find((entry) => entry.email === demoAccounts.buyer.email)!;

describe('a dashboard list in pages (the cart)', () => {
  const fill = (count: number) => ({
    seed: (store: MockStore) => {
      store.wishlist = Array.from({ length: count }, (_, i) => ({
        ...item,
        _id: `w-extra-${i + 1}`,
        MobileName: `Cart phone ${i + 1}`,
        wishlistedID: `m-extra-${i + 1}`,
        // newest first: phone 1 is the newest
        wishlistedTime: new Date(Date.UTC(2030, 0, 1) - i * 60_000).toISOString(),
      }));
    },
  });

  it('shows 20 a page, moves to the next page by its link, keeps it in the URL and focuses the heading', async () => {
    const { user, currentPath } = renderApp('/dashboard/wishlist', { as: demoAccounts.buyer, ...fill(23) });
    expect(await screen.findByRole('heading', { name: 'Cart phone 1' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2, name: /^Cart phone/ })).toHaveLength(20);
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pages).getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');

    await user.click(within(pages).getByRole('link', { name: 'Next page' }));
    expect(await screen.findByRole('heading', { name: 'Cart phone 23' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2, name: /^Cart phone/ })).toHaveLength(3);
    expect(currentPath()).toBe('/dashboard/wishlist?page=2');
    expect(screen.getByRole('heading', { level: 1, name: 'Cart' })).toHaveFocus();
  });

  it('has no pager when everything fits on one page', async () => {
    renderApp('/dashboard/wishlist', { as: demoAccounts.buyer, ...fill(3) });
    expect(await screen.findByRole('heading', { name: 'Cart phone 3' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument();
  });

  it('says a page past the end is empty and links back to the last page', async () => {
    renderApp('/dashboard/wishlist?page=4', { as: demoAccounts.buyer, ...fill(23) });
    expect(await screen.findByText('There is nothing on page 4.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to page 2' })).toHaveAttribute(
      'href',
      '/dashboard/wishlist?page=2',
    );
  });
});
