import { unwrap, type SellerProfile } from '@recell/api';
import { SERVED_PROFILE_ELEMENT } from '@recell/api/pages';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';

export const getSellerProfile = (api: Api, id: string) =>
  unwrap(api.GET('/sellers/{id}/profile', { params: { path: { id } } }));

/**
 * The profile the server computed for this page's head and served in it (modules/seo), when it is this seller's:
 * read once and removed, so a later visit in the same tab asks the server for a fresh one.
 */
export function takeServedProfile(id: string): SellerProfile | undefined {
  const element = typeof document === 'undefined' ? null : document.getElementById(SERVED_PROFILE_ELEMENT);
  if (!element?.textContent) return undefined;
  element.remove();
  try {
    const profile = JSON.parse(element.textContent) as SellerProfile;
    return profile._id === id ? profile : undefined;
  } catch {
    return undefined;
  }
}

export const getSellerProfileQueryOptions = (api: Api, id: string) =>
  queryOptions({
    queryKey: ['sellers', id, 'profile'],
    queryFn: () => getSellerProfile(api, id),
    initialData: () => takeServedProfile(id),
  });

export const useSellerProfile = (id: string) => useQuery(getSellerProfileQueryOptions(useApi(), id));
