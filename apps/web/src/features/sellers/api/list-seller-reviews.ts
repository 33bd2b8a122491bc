import { unwrap } from '@recell/api';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';

export const listSellerReviews = (api: Api, id: string, page = 1) =>
  unwrap(api.GET('/sellers/{id}/reviews', { params: { path: { id }, query: { page } } }));

export const listSellerReviewsQueryOptions = (api: Api, id: string, page = 1) =>
  queryOptions({
    queryKey: ['sellers', id, 'reviews', { page }],
    queryFn: () => listSellerReviews(api, id, page),
    placeholderData: keepPreviousData,
  });

export const useSellerReviews = (id: string, page = 1) =>
  useQuery(listSellerReviewsQueryOptions(useApi(), id, page));
