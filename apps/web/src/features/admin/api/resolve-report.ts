import { unwrap, type components } from '@recell/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';
import { catalogueKeys, invalidate } from './invalidate';
import { auditLogKey } from './list-audit-log';
import { reportsKey } from './list-reports';

export type ResolveAction = components['schemas']['ResolveReport']['action'];

export const resolveReport = (api: Api, id: string, action: ResolveAction) =>
  unwrap(api.POST('/reports/{id}/resolve', { params: { path: { id } }, body: { action } }));

/**
 * Resolves the open reports on one listing. Dismiss closes each report (one audited call each, in turn);
 * removing the listing is one call, and the server closes every open report on it as removed.
 */
export function useResolveReport() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ reportIds, action }: { reportIds: readonly string[]; action: ResolveAction }) => {
      const ids = action === 'remove-listing' ? reportIds.slice(0, 1) : reportIds;
      const resolved = [];
      for (const id of ids) resolved.push(await resolveReport(api, id, action));
      return resolved;
    },
    // settled, not only success: a dismissal that failed half-way has still closed some reports
    onSettled: (_data, _error, { action }) =>
      invalidate(queryClient, [
        reportsKey,
        auditLogKey,
        ...(action === 'remove-listing' ? catalogueKeys : []),
      ]),
  });
}
