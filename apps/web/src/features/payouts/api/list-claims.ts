import { unwrap } from '@recell/api';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';
import { claimsKey } from './keys';

export type ClaimQueue = 'open' | 'decided';

export const listClaims = (api: Api, status: ClaimQueue, page: number) =>
  unwrap(api.GET('/claims', { params: { query: { status, page, pageSize: 20 } } }));

export const listClaimsQueryOptions = (api: Api, status: ClaimQueue, page: number) =>
  queryOptions({
    queryKey: [...claimsKey, 'list', status, page],
    queryFn: () => listClaims(api, status, page),
    placeholderData: keepPreviousData,
  });

export const useClaims = (status: ClaimQueue, page: number) =>
  useQuery(listClaimsQueryOptions(useApi(), status, page));
