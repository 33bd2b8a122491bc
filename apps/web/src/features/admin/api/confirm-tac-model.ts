import { unwrap } from '@recell/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';
import { imeiKey } from './get-imei';
import { catalogueKeys, invalidate } from './invalidate';
import { auditLogKey } from './list-audit-log';
import { tacConflictsKey } from './list-tac-conflicts';

export const confirmTacModel = (api: Api, tac: string, confirmationId: string) =>
  unwrap(api.PUT('/tacs/{tac}/model', { params: { path: { tac } }, body: { confirmationId } }));

/**
 * An admin confirms the model one confirmation of a disputed TAC names: an admin row that nothing learned later
 * overrides; every listing with the TAC is compared again, so the catalogue and IMEI pages are refetched; audited.
 */
export function useConfirmTacModel() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tac, confirmationId }: { tac: string; confirmationId: string }) =>
      confirmTacModel(api, tac, confirmationId),
    onSuccess: () => invalidate(queryClient, [tacConflictsKey, imeiKey, auditLogKey, ...catalogueKeys]),
  });
}
