import { unwrap, type SellerProfile } from '@recell/api';
import { SERVED_PROFILE_ELEMENT } from '@recell/api/pages';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';
import { takeServed } from '../../../lib/served';

export const getSellerProfile = (api: Api, id: string) =>
  unwrap(api.GET('/sellers/{id}/profile', { params: { path: { id } } }));

export const getSellerProfileQueryOptions = (api: Api, id: string) =>
  queryOptions({
    queryKey: ['sellers', id, 'profile'],
    queryFn: () => getSellerProfile(api, id),
    // the profile the server computed for this page's head, when it is this seller's
    initialData: () => takeServed<SellerProfile>(SERVED_PROFILE_ELEMENT, id),
  });

export const useSellerProfile = (id: string) => useQuery(getSellerProfileQueryOptions(useApi(), id));
