import { unwrap } from '@recell/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';

export const getImei = (api: Api, imei: string) =>
  unwrap(api.GET('/imeis/{imei}', { params: { path: { imei } } }));

/** Every IMEI page: marking one changes its status. */
export const imeiKey = ['imei'] as const;

export const getImeiQueryOptions = (api: Api, imei: string) =>
  queryOptions({ queryKey: [...imeiKey, imei], queryFn: () => getImei(api, imei) });

/** An IMEI's page (admins), once a whole IMEI is entered. */
export function useImei(imei: string | null) {
  const api = useApi();
  return useQuery({ ...getImeiQueryOptions(api, imei ?? ''), enabled: imei !== null });
}
