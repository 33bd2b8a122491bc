import { unwrap } from '@recell/api';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';

export const listCaughtMail = (api: Api, page = 1) =>
  unwrap(api.GET('/mail', { params: { query: { page } } }));

export const listCaughtMailQueryOptions = (api: Api, page = 1) =>
  queryOptions({
    queryKey: ['mail', 'list', { page }],
    queryFn: () => listCaughtMail(api, page),
    placeholderData: keepPreviousData,
  });

/** Demo mode's caught email (admins), newest first. */
export const useCaughtMailList = (page = 1) => useQuery(listCaughtMailQueryOptions(useApi(), page));
