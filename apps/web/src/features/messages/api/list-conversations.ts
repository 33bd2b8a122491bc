import { unwrap } from '@recell/api';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';

export const listConversations = (api: Api, page = 1, mobileId?: string) =>
  unwrap(api.GET('/conversations', { params: { query: { page, ...(mobileId ? { mobileId } : {}) } } }));

/** Every page of the Inbox, and the per-listing lookups: what a new message or a block invalidates. */
export const conversationsKey = ['conversations', 'list'] as const;

export const listConversationsQueryOptions = (api: Api, page = 1, mobileId?: string) =>
  queryOptions({
    queryKey: [...conversationsKey, { page, mobileId }],
    queryFn: () => listConversations(api, page, mobileId),
    placeholderData: keepPreviousData,
  });

/** The Inbox, newest first. */
export const useConversations = (page = 1) => useQuery(listConversationsQueryOptions(useApi(), page));

/** The caller's one conversation about a listing, if there is one ("Ask the seller" opens it). */
export const useConversationAbout = (mobileId: string, enabled: boolean) =>
  useQuery({ ...listConversationsQueryOptions(useApi(), 1, mobileId), enabled });
