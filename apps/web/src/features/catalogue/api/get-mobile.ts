import { unwrap } from '@recell/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';

export const getMobile = (api: Api, id: string) =>
  unwrap(api.GET('/mobile/{id}', { params: { path: { id } } }));

// under 'mobiles', so whatever refreshes the phone lists (a booking, a payment) refreshes the detail page too
export const getMobileQueryOptions = (api: Api, id: string) =>
  queryOptions({ queryKey: ['mobiles', 'one', id], queryFn: () => getMobile(api, id) });

export const useMobile = (id: string) => useQuery(getMobileQueryOptions(useApi(), id));
