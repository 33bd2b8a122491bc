import { unwrap } from '@recell/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';
import { claimsKey } from './keys';

export const getClaim = (api: Api, id: string) =>
  unwrap(api.GET('/claims/{id}', { params: { path: { id } } }));

export const getClaimQueryOptions = (api: Api, id: string) =>
  queryOptions({ queryKey: [...claimsKey, 'one', id], queryFn: () => getClaim(api, id) });

export const useClaim = (id: string) => useQuery(getClaimQueryOptions(useApi(), id));
