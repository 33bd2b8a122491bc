import { unwrap } from '@recell/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';
import { invalidate } from './invalidate';
import { auditLogKey } from './list-audit-log';
import { meetupSpotsKey } from './list-meetup-spots';

export const deleteMeetupSpot = (api: Api, id: string) =>
  unwrap(api.DELETE('/meetup-spots/{id}', { params: { path: { id } } }));

/** Removes a spot (it is suggested no more); the spots and the audit log are refetched. */
export function useDeleteMeetupSpot() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteMeetupSpot(api, id),
    onSuccess: () => invalidate(queryClient, [meetupSpotsKey, auditLogKey]),
  });
}
