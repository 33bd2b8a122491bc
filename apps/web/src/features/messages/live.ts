// The live client: the `eventsource` package reads the stream and reconnects with Last-Event-ID; the stream is
// asked through the app's typed API client (streamEvents), which adds the access token (the browser's
// EventSource cannot send one).
// A stream the server refuses (401 after the token expired, 503 behind a proxy) closes for good in the package;
// then a new one is opened after a growing pause, with the last id seen, while the queries poll (live-status.ts).
// The stream is the person's, not only the messages': what another feature does with it (the bell) is a
// LiveListener the app layer hands in (app/shell/Layout.tsx), since features do not import each other.
import { ApiError, type LiveEvent } from '@recell/api';
import type { QueryClient } from '@tanstack/react-query';
import { EventSource } from 'eventsource';
import type { Api } from '../../lib/api';
import { conversationKey } from './api/get-conversation';
import { unreadCountKey } from './api/get-unread-count';
import { conversationsKey } from './api/list-conversations';
import { messagesKey, withMessage, withSeen, type MessagePages } from './api/list-messages';
import type { LiveStatus } from './live-status';

const RETRY_MS = [1_000, 5_000, 15_000, 30_000];

/** Another feature's part of the stream: each event, and each open (`first`: the stream's first). */
export interface LiveListener {
  event(queryClient: QueryClient, event: LiveEvent): void;
  opened(queryClient: QueryClient, first: boolean): void;
}

/** Puts one event into the messages' caches it changes: the thread, its head, the Inbox, the unread count. */
function applyLiveEvent(queryClient: QueryClient, event: LiveEvent): void {
  switch (event.type) {
    case 'message': {
      const { conversationId } = event.message;
      queryClient.setQueryData<MessagePages>(messagesKey(conversationId), (data) =>
        withMessage(data, event.message),
      );
      void queryClient.invalidateQueries({ queryKey: conversationsKey });
      return;
    }
    case 'read': {
      queryClient.setQueryData<MessagePages>(messagesKey(event.conversationId), (data) =>
        withSeen(data, event.upTo),
      );
      return;
    }
    case 'unread':
      queryClient.setQueryData(unreadCountKey, { unread: event.unread });
      return;
    case 'conversation':
      void queryClient.invalidateQueries({ queryKey: conversationKey(event.conversationId) });
      void queryClient.invalidateQueries({ queryKey: conversationsKey });
      return;
    case 'notification':
    case 'offer':
      // the bell's and the offers', told through their listeners
      return;
  }
}

function parse(data: string): LiveEvent | null {
  try {
    const event = JSON.parse(data) as LiveEvent;
    return typeof event === 'object' && event !== null && 'type' in event ? event : null;
  } catch {
    return null;
  }
}

/** Opens the caller's stream, telling `listeners` too; the answer closes it. */
export function connectLive(
  api: Api,
  queryClient: QueryClient,
  onStatus: (status: LiveStatus) => void,
  listeners: readonly LiveListener[] = [],
): () => void {
  let source: EventSource | null = null;
  let lastEventId = '';
  let failures = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  let opened = false;
  // the package wants a URL of its own; where the call goes is the API client's
  const url = new URL('/events', globalThis.location?.href ?? 'http://localhost/');

  const onEvent = (message: MessageEvent<string>) => {
    if (message.lastEventId) lastEventId = message.lastEventId;
    const event = parse(message.data);
    if (!event) return;
    applyLiveEvent(queryClient, event);
    for (const listener of listeners) listener.event(queryClient, event);
  };

  function open() {
    onStatus(failures === 0 && !lastEventId ? 'connecting' : 'reconnecting');
    const current = new EventSource(url, {
      fetch: async (_url, init) => {
        // a new EventSource does not know what the last one saw; the package adds it on its own reconnects
        const seen = init.headers['Last-Event-ID'] ?? lastEventId;
        try {
          const { response } = await api.GET('/events', {
            parseAs: 'stream',
            headers: { Accept: 'text/event-stream', ...(seen ? { 'Last-Event-ID': seen } : {}) },
            cache: 'no-store',
            signal: init.signal,
          });
          return response;
        } catch (error) {
          // the client turns a refusal into an ApiError; the package reads the status (a 401 or 503 closes it)
          if (error instanceof ApiError) return new Response(null, { status: error.status });
          throw error;
        }
      },
    });
    source = current;
    current.addEventListener('open', () => {
      // back after a cut, what happened meanwhile may not all be in the replay (the head, a block); the first time,
      // nothing is replayed of what came after the page read its counts and threads: read them again
      const first = !opened;
      opened = true;
      if (failures > 0 || first) void queryClient.invalidateQueries({ queryKey: ['conversations'] });
      for (const listener of listeners) listener.opened(queryClient, first);
      failures = 0;
      onStatus('open');
    });
    // the server may name its events by type, or send them all as `message`: read them alike
    for (const name of ['message', 'read', 'unread', 'conversation', 'notification', 'offer'])
      current.addEventListener(name, onEvent as (event: Event) => void);
    current.addEventListener('error', () => {
      failures += 1;
      onStatus('reconnecting');
      if (current.readyState !== EventSource.CLOSED || stopped) return;
      const pause = RETRY_MS[Math.min(failures - 1, RETRY_MS.length - 1)]!;
      timer = setTimeout(open, pause);
    });
  }

  open();
  return () => {
    stopped = true;
    clearTimeout(timer);
    source?.close();
    onStatus('off');
  };
}
