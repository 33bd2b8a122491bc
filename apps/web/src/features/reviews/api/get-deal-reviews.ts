import { unwrap } from '@recell/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';

export const getDealReviews = (api: Api, id: string) =>
  unwrap(api.GET('/bookings/{id}/reviews', { params: { path: { id } } }));

export const getDealReviewsQueryOptions = (api: Api, id: string) =>
  queryOptions({ queryKey: ['reviews', 'deal', id], queryFn: () => getDealReviews(api, id) });

/** The caller's side of a completed deal's reviews: may they still write, theirs, the other's once published. */
export const useDealReviews = (id: string) => useQuery(getDealReviewsQueryOptions(useApi(), id));
