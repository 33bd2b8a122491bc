import { unwrap } from '@recell/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';

export const listReports = (api: Api) =>
  unwrap(api.GET('/reports', { params: { query: { pageSize: 100 } } }));

export const listReportsQueryOptions = (api: Api) =>
  queryOptions({ queryKey: ['reports'], queryFn: () => listReports(api) });

export const useReports = () => useQuery(listReportsQueryOptions(useApi()));
