import { unwrap, type Message, type MessagePage } from '@recell/api';
import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';
import { POLL_MS, useLiveStatus } from '../live-status';

export const listMessages = (api: Api, id: string, before?: number) =>
  unwrap(
    api.GET('/conversations/{id}/messages', {
      params: { path: { id }, query: before === undefined ? {} : { before } },
    }),
  );

export const messagesKey = (id: string) => ['conversations', 'messages', id] as const;

/** Pages back from the newest: each next page is older (`before` its first message's seq). */
export const listMessagesQueryOptions = (api: Api, id: string) =>
  infiniteQueryOptions({
    queryKey: messagesKey(id),
    queryFn: ({ pageParam }) => listMessages(api, id, pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last: MessagePage) => (last.hasMore ? last.items[0]?.seq : undefined),
  });

export type MessagePages = InfiniteData<MessagePage, unknown>;

/** The thread's messages, oldest first, across every page loaded. */
export const allMessages = (data: MessagePages | undefined): Message[] =>
  data ? data.pages.toReversed().flatMap((page) => page.items) : [];

/**
 * A message put into the loaded thread (from the stream or a send), once: into the newest page, kept in order.
 * Only the newest page is refetched while polling, so the older ones stay as loaded.
 */
export function withMessage(data: MessagePages | undefined, message: Message): MessagePages | undefined {
  if (!data || data.pages.length === 0) return data;
  if (data.pages.some((page) => page.items.some((item) => item.seq === message.seq))) return data;
  const [newest, ...older] = data.pages;
  const items = [...newest!.items, message].sort((a, b) => a.seq - b.seq);
  return { ...data, pages: [{ ...newest!, items }, ...older] };
}

export function withSeen(data: MessagePages | undefined, upTo: number): MessagePages | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({ ...page, otherSeenUpTo: Math.max(page.otherSeenUpTo, upTo) })),
  };
}

export function useMessages(id: string) {
  const live = useLiveStatus();
  return useInfiniteQuery({
    ...listMessagesQueryOptions(useApi(), id),
    refetchInterval: live === 'open' ? false : POLL_MS,
  });
}
