import { unwrap } from '@recell/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';
import { payoutsKey } from './keys';

export const getPayoutAccount = (api: Api, email: string) =>
  unwrap(api.GET('/payout-account', { params: { query: { email } } }));

export const getPayoutAccountQueryOptions = (api: Api, email: string) =>
  queryOptions({ queryKey: [...payoutsKey, 'account', email], queryFn: () => getPayoutAccount(api, email) });

export const usePayoutAccount = (email: string) => useQuery(getPayoutAccountQueryOptions(useApi(), email));
