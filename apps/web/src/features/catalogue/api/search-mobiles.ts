import { unwrap } from '@recell/api';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';
import { apiQuery, type SearchState } from '../search-params';

/** Phones of every brand: what the navbar's search box finds, with the category pages' filters, sort and pages. */
export const searchMobiles = (api: Api, state: SearchState, pageSize: number) =>
  unwrap(api.GET('/mobiles', { params: { query: apiQuery(state, pageSize) } }));

export const searchMobilesQueryOptions = (api: Api, state: SearchState, pageSize: number) =>
  queryOptions({
    // under 'mobiles', so whatever refreshes the phone lists (a booking, a payment) refreshes these too
    queryKey: ['mobiles', 'search', state, pageSize],
    queryFn: () => searchMobiles(api, state, pageSize),
    // the page being left stays on screen (marked busy) until the next arrives, so the list does not jump
    placeholderData: keepPreviousData,
  });

export const useSearchMobiles = (state: SearchState, pageSize: number) =>
  useQuery(searchMobilesQueryOptions(useApi(), state, pageSize));
