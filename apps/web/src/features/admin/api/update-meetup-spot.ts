import { unwrap, type NewMeetupSpot } from '@recell/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';
import { invalidate } from './invalidate';
import { auditLogKey } from './list-audit-log';
import { meetupSpotsKey } from './list-meetup-spots';

export const updateMeetupSpot = (api: Api, id: string, spot: NewMeetupSpot) =>
  unwrap(api.PUT('/meetup-spots/{id}', { params: { path: { id } }, body: spot }));

/** Changes a spot (bookings made with it keep what it was); the spots and the audit log are refetched. */
export function useUpdateMeetupSpot() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, spot }: { id: string; spot: NewMeetupSpot }) => updateMeetupSpot(api, id, spot),
    onSuccess: () => invalidate(queryClient, [meetupSpotsKey, auditLogKey]),
  });
}
