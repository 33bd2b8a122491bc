import { unwrap } from '@recell/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';
import { offersKey } from './list-offers';

export const getOfferFloor = (api: Api, mobileId: string) =>
  unwrap(api.GET('/mobile/{id}/offer-floor', { params: { path: { id: mobileId } } }));

export const getOfferFloorQueryOptions = (api: Api, mobileId: string) =>
  queryOptions({ queryKey: [...offersKey, 'floor', mobileId], queryFn: () => getOfferFloor(api, mobileId) });

export const useOfferFloor = (mobileId: string) => useQuery(getOfferFloorQueryOptions(useApi(), mobileId));
