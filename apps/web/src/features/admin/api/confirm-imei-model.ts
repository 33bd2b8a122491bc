import { unwrap } from '@recell/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';
import { imeiKey } from './get-imei';
import { catalogueKeys, invalidate } from './invalidate';
import { auditLogKey } from './list-audit-log';

export const confirmImeiModel = (api: Api, mobileId: string) =>
  unwrap(api.POST('/mobile/{id}/imei-model', { params: { path: { id: mobileId } } }));

/**
 * An admin has seen the phone and confirms it is the listed model: its TAC learns that model, so this listing and
 * every other one whose IMEI shares the TAC say "matches" (or "does not match") from now on; audited.
 */
export function useConfirmImeiModel() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mobileId: string) => confirmImeiModel(api, mobileId),
    onSuccess: () => invalidate(queryClient, [imeiKey, auditLogKey, ...catalogueKeys]),
  });
}
