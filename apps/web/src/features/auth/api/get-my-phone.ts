// GET /me/phone: the seller's verified number, or that they have none yet.
import { unwrap } from '@recell/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';

export const getMyPhone = (api: Api) => unwrap(api.GET('/me/phone'));

export const getMyPhoneQueryOptions = (api: Api) =>
  queryOptions({ queryKey: ['me', 'phone'], queryFn: () => getMyPhone(api) });

export const useMyPhone = (enabled = true) => useQuery({ ...getMyPhoneQueryOptions(useApi()), enabled });
