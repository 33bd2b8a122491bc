import { unwrap, type components } from '@recell/api';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';

export type ReportStatus = components['schemas']['ReportStatus'];
/** The queue's filter: one status, or every report ('all' sends no status). */
export type ReportFilter = ReportStatus | 'all';

/** Larger than the default 20 so that more of a listing's reports fall on one page and group together. */
export const REPORTS_PAGE_SIZE = 50;

export const listReports = (api: Api, filter: ReportFilter = 'open', page = 1) =>
  unwrap(
    api.GET('/reports', {
      params: {
        query: { ...(filter === 'all' ? {} : { status: filter }), page, pageSize: REPORTS_PAGE_SIZE },
      },
    }),
  );

/** Every filter and page of the queue: what resolving a report invalidates. */
export const reportsKey = ['reports'] as const;

export const listReportsQueryOptions = (api: Api, filter: ReportFilter = 'open', page = 1) =>
  queryOptions({
    queryKey: [...reportsKey, { filter, page }],
    queryFn: () => listReports(api, filter, page),
    placeholderData: keepPreviousData,
  });

export const useReports = (filter: ReportFilter = 'open', page = 1) =>
  useQuery(listReportsQueryOptions(useApi(), filter, page));
