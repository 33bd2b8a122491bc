import { unwrap } from '@recell/api';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';

/** The review queue's filter: reported and not hidden yet, or hidden. */
export type ReviewQueueStatus = 'open' | 'hidden';

export const listReviewReports = (api: Api, status: ReviewQueueStatus = 'open', page = 1) =>
  unwrap(api.GET('/review-reports', { params: { query: { status, page } } }));

/** Every filter and page of the review queue: what hiding a review invalidates. */
export const reviewReportsKey = ['review-reports'] as const;

export const listReviewReportsQueryOptions = (api: Api, status: ReviewQueueStatus = 'open', page = 1) =>
  queryOptions({
    queryKey: [...reviewReportsKey, { status, page }],
    queryFn: () => listReviewReports(api, status, page),
    placeholderData: keepPreviousData,
  });

export const useReviewReports = (status: ReviewQueueStatus = 'open', page = 1) =>
  useQuery(listReviewReportsQueryOptions(useApi(), status, page));
