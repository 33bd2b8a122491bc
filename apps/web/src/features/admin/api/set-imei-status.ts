import { unwrap, type components } from '@recell/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';
import { imeiKey } from './get-imei';
import { catalogueKeys, invalidate } from './invalidate';
import { auditLogKey } from './list-audit-log';

type ImeiStatusUpdate = components['schemas']['ImeiStatusUpdate'];

export const setImeiStatus = (api: Api, imei: string, update: ImeiStatusUpdate) =>
  unwrap(api.PUT('/imeis/{imei}/status', { params: { path: { imei } }, body: update }));

/** Marks an IMEI blocked or clean; its page, the audit log and the listings (their IMEI check) are refetched. */
export function useSetImeiStatus() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ imei, update }: { imei: string; update: ImeiStatusUpdate }) =>
      setImeiStatus(api, imei, update),
    onSuccess: () => invalidate(queryClient, [imeiKey, auditLogKey, ...catalogueKeys]),
  });
}
