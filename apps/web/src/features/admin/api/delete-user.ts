import { unwrap } from '@recell/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';
import { catalogueKeys, invalidate } from './invalidate';
import { auditLogKey } from './list-audit-log';
import { usersKey } from './list-users';

export const deleteUser = (api: Api, id: string) =>
  unwrap(api.DELETE('/users/{id}', { params: { path: { id } } }));

/** Deletes a user who is not an admin; All Users, the audit log and the listings (theirs go) are refetched. */
export function useDeleteUser() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteUser(api, id),
    onSuccess: () => invalidate(queryClient, [usersKey, auditLogKey, ...catalogueKeys]),
  });
}
