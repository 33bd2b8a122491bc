import { unwrap } from '@recell/api';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';

/** A profile shows a few listings a page: the reviews are what the page is for. */
export const SELLER_LISTINGS_PAGE_SIZE = 6;

export const listSellerListings = (api: Api, id: string, page = 1) =>
  unwrap(
    api.GET('/sellers/{id}/listings', {
      params: { path: { id }, query: { page, pageSize: SELLER_LISTINGS_PAGE_SIZE } },
    }),
  );

export const listSellerListingsQueryOptions = (api: Api, id: string, page = 1) =>
  queryOptions({
    queryKey: ['sellers', id, 'listings', { page }],
    queryFn: () => listSellerListings(api, id, page),
    placeholderData: keepPreviousData,
  });

/** The seller's listings in stock, newest first, as a visitor sees them. */
export const useSellerListings = (id: string, page = 1) =>
  useQuery(listSellerListingsQueryOptions(useApi(), id, page));
