import { unwrap } from '@recell/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';
import { catalogueKeys, invalidate } from './invalidate';
import { auditLogKey } from './list-audit-log';
import { usersKey } from './list-users';

export const setSellerVerified = (api: Api, id: string, verified: boolean) =>
  unwrap(api.PUT('/sellers/{id}/verified', { params: { path: { id } }, body: { verified } }));

/** Verifies or unverifies a seller; All Users, the audit log and the listings (their badge) are refetched. */
export function useSetSellerVerified() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, verified }: { id: string; verified: boolean }) => setSellerVerified(api, id, verified),
    onSuccess: () => invalidate(queryClient, [usersKey, auditLogKey, ...catalogueKeys]),
  });
}
