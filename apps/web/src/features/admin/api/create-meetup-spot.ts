import { unwrap, type NewMeetupSpot } from '@recell/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';
import { invalidate } from './invalidate';
import { auditLogKey } from './list-audit-log';
import { meetupSpotsKey } from './list-meetup-spots';

export const createMeetupSpot = (api: Api, spot: NewMeetupSpot) =>
  unwrap(api.POST('/meetup-spots', { body: spot }));

/** Adds a spot; the spots and the audit log are refetched. */
export function useCreateMeetupSpot() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (spot: NewMeetupSpot) => createMeetupSpot(api, spot),
    onSuccess: () => invalidate(queryClient, [meetupSpotsKey, auditLogKey]),
  });
}
