import { unwrap, type CategoryId } from '@recell/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';

/** A brand's models for the picker (GET /phone-models): served, so the catalogue is not in the app's bundle. */
export const listPhoneModels = (api: Api, brand: CategoryId) =>
  unwrap(api.GET('/phone-models', { params: { query: { brand } } }));

// The catalogue changes only with a release: one fetch per brand for the session.
export const listPhoneModelsQueryOptions = (api: Api, brand: CategoryId) =>
  queryOptions({
    queryKey: ['phone-models', brand],
    queryFn: () => listPhoneModels(api, brand),
    staleTime: Infinity,
  });

export const usePhoneModels = (brand: CategoryId) => useQuery(listPhoneModelsQueryOptions(useApi(), brand));
