import { unwrap } from '@recell/api';
import { useMutation } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';

export const reportMessage = (api: Api, id: string, reason: string) =>
  unwrap(api.POST('/messages/{id}/report', { params: { path: { id } }, body: { reason } }));

/** Sends a received message to the moderation queue. */
export function useReportMessage() {
  const api = useApi();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => reportMessage(api, id, reason),
  });
}
