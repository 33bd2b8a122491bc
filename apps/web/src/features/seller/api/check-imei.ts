import { unwrap } from '@recell/api';
import type { components } from '@recell/api';
import { useMutation } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';

type ImeiCheckRequest = components['schemas']['ImeiCheckRequest'];

export const checkImei = (api: Api, body: ImeiCheckRequest) => unwrap(api.POST('/imei-check', { body }));

/** What an IMEI says before the phone is listed (nothing is stored, so nothing is invalidated). */
export function useCheckImei() {
  const api = useApi();
  return useMutation({ mutationFn: (body: ImeiCheckRequest) => checkImei(api, body) });
}
