import { unwrap } from '@recell/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';

export const getSellerProfile = (api: Api, id: string) =>
  unwrap(api.GET('/sellers/{id}/profile', { params: { path: { id } } }));

export const getSellerProfileQueryOptions = (api: Api, id: string) =>
  queryOptions({ queryKey: ['sellers', id, 'profile'], queryFn: () => getSellerProfile(api, id) });

export const useSellerProfile = (id: string) => useQuery(getSellerProfileQueryOptions(useApi(), id));
