import { unwrap } from '@recell/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';

export const getCaughtMail = (api: Api, id: string) =>
  unwrap(api.GET('/mail/{id}', { params: { path: { id } } }));

export const getCaughtMailQueryOptions = (api: Api, id: string) =>
  queryOptions({ queryKey: ['mail', 'one', id], queryFn: () => getCaughtMail(api, id) });

/** One caught email: its headers, its HTML part (to show sandboxed) and its text part. */
export const useCaughtMail = (id: string) => useQuery(getCaughtMailQueryOptions(useApi(), id));
