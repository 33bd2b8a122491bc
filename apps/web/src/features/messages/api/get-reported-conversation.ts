import { unwrap } from '@recell/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';

export const getReportedConversation = (api: Api, reportId: string) =>
  unwrap(api.GET('/reports/{id}/conversation', { params: { path: { id: reportId } } }));

export const getReportedConversationQueryOptions = (api: Api, reportId: string) =>
  queryOptions({
    queryKey: ['reports', 'conversation', reportId],
    queryFn: () => getReportedConversation(api, reportId),
  });

/**
 * The conversation a message report names (admins). Each reading is written to the audit log, so it is read once
 * per visit: not again when the tab regains focus or the network comes back.
 */
export const useReportedConversation = (reportId: string) =>
  useQuery({
    ...getReportedConversationQueryOptions(useApi(), reportId),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
