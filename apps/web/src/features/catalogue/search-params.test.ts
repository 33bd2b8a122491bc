import { describe, expect, it } from 'vitest';
import { parseSearch, searchString, withChanges, withoutFilters } from './search-params';

describe('search state in the URL', () => {
  it('reads every parameter and writes the same query string back', () => {
    const query =
      'q=galaxy+128&minPrice=100&maxPrice=400&condition=Good&minYear=2021&storage=256&minBattery=85&minRating=4&sort=price_asc&page=3';
    const state = parseSearch(`?${query}`);
    expect(state).toEqual({
      q: 'galaxy 128',
      minPrice: 100,
      maxPrice: 400,
      condition: 'Good',
      minYear: 2021,
      storage: 256,
      minBattery: 85,
      minRating: 4,
      sort: 'price_asc',
      page: 3,
    });
    expect(searchString(state)).toBe(query);
  });

  it('leaves the defaults (newest, page 1) and empty words out of the URL', () => {
    expect(parseSearch('')).toEqual({ sort: 'newest', page: 1 });
    expect(searchString({ q: '', sort: 'newest', page: 1 })).toBe('');
    expect(parseSearch('q=%20%20')).toEqual({ sort: 'newest', page: 1 });
  });

  it('drops what the contract would refuse, so a mistyped link still shows phones instead of a 400', () => {
    const state = parseSearch(
      'minPrice=0&maxPrice=abc&condition=Mint&minYear=1999&sort=cheapest&page=0&q=' + 'x'.repeat(150),
    );
    expect(state).toEqual({ q: 'x'.repeat(100), sort: 'newest', page: 1 });
    expect(parseSearch('minYear=2021.5&page=2.5')).toEqual({ sort: 'newest', page: 1 });
    // storage a phone is not sold with, and a battery floor the filter does not offer
    expect(parseSearch('storage=100&minBattery=83')).toEqual({ sort: 'newest', page: 1 });
    expect(parseSearch('storage=1024&minBattery=101')).toEqual({ storage: 1024, sort: 'newest', page: 1 });
    // only the rating floor the filter offers ("4 stars and up")
    for (const rating of ['0', '3', '4.5', '6', 'four']) {
      expect(parseSearch(`minRating=${rating}`)).toEqual({ sort: 'newest', page: 1 });
    }
  });

  it('goes back to page 1 on any change but the page, and clears filters but keeps the words and the sort', () => {
    const state = parseSearch('q=galaxy&condition=Good&sort=price_desc&page=4');
    expect(withChanges(state, { condition: undefined })).toEqual({
      q: 'galaxy',
      sort: 'price_desc',
      page: 1,
    });
    expect(withChanges(state, { page: 5 }).page).toBe(5);
    // Clear filters keeps the words: they are the search, not a filter on it
    expect(withoutFilters(state)).toEqual({ q: 'galaxy', sort: 'price_desc', page: 1 });
    expect(withoutFilters(parseSearch('condition=Good'))).toEqual({ sort: 'newest', page: 1 });
    expect(withoutFilters(parseSearch('q=pixel&storage=128&minBattery=90&minRating=4'))).toEqual({
      q: 'pixel',
      sort: 'newest',
      page: 1,
    });
  });
});
