import { unwrap } from '@recell/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';

export const listAdvertised = (api: Api) => unwrap(api.GET('/advertise'));

export const listAdvertisedQueryOptions = (api: Api) =>
  queryOptions({ queryKey: ['advertised'], queryFn: () => listAdvertised(api) });

export const useAdvertised = () => useQuery(listAdvertisedQueryOptions(useApi()));
