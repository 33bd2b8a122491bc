import { unwrap } from '@recell/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';
import { offersKey } from './list-offers';

export const getOffer = (api: Api, id: string) =>
  unwrap(api.GET('/offers/{id}', { params: { path: { id } } }));

export const getOfferQueryOptions = (api: Api, id: string) =>
  queryOptions({ queryKey: [...offersKey, 'one', id], queryFn: () => getOffer(api, id) });

export const useOffer = (id: string) => useQuery(getOfferQueryOptions(useApi(), id));
