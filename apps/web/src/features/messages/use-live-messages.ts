import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { useApi } from '../../lib/api';
import type { LiveListener } from './live';
import { liveStatusAtom } from './live-status';

const NONE: readonly LiveListener[] = [];

/** The longest the stream waits for the page's first answers (a page that keeps asking would hold it forever). */
const SETTLE_MAX_MS = 5_000;

/**
 * Runs `start` once the page has its first answers and the browser is idle: the stream's client (41 KB of
 * script) and its request then do not compete with the screen's data and pictures for a slow phone's network
 * and CPU (they were inside a signed-in list page's largest paint). At the latest after SETTLE_MAX_MS.
 */
function whenSettled(queryClient: QueryClient, start: () => void): () => void {
  let done = false;
  const timers: ReturnType<typeof setTimeout>[] = [];
  let unsubscribe: (() => void) | undefined;
  const go = () => {
    if (done) return;
    done = true;
    unsubscribe?.();
    timers.forEach(clearTimeout);
    start();
  };
  const idle = (run: () => void) =>
    typeof requestIdleCallback === 'function'
      ? requestIdleCallback(run, { timeout: 1_000 })
      : timers.push(setTimeout(run, 50));
  // the cache says something changed many times a second while a page loads: one idle wait is enough
  let waiting = false;
  const check = () => {
    if (done || waiting || queryClient.isFetching() > 0) return;
    waiting = true;
    idle(go);
  };
  timers.push(setTimeout(go, SETTLE_MAX_MS));
  // the screen's queries start in the same commit as this effect: look once they have
  idle(() => {
    if (done) return;
    unsubscribe = queryClient.getQueryCache().subscribe(check);
    check();
  });
  return () => {
    done = true;
    unsubscribe?.();
    timers.forEach(clearTimeout);
  };
}

/**
 * Holds the signed-in person's event stream open while `userId` is set (one stream per tab). The client and the
 * eventsource package load with the first sign-in, not in the home page's first JS, and once the page has
 * settled (above); meanwhile the counts were read by their queries, and the stream's first open reads them again.
 * `listeners` are other features' parts of the stream (the bell), handed in by the app layer as one array for the app's life (a new array opens a new stream).
 */
export function useLiveMessages(userId: string | undefined, listeners: readonly LiveListener[] = NONE) {
  const api = useApi();
  const queryClient = useQueryClient();
  const setStatus = useSetAtom(liveStatusAtom);
  useEffect(() => {
    if (!userId) return undefined;
    let close: (() => void) | undefined;
    let gone = false;
    setStatus('connecting');
    const cancel = whenSettled(queryClient, () => {
      void import('./live').then(({ connectLive }) => {
        if (!gone) close = connectLive(api, queryClient, setStatus, listeners);
      });
    });
    return () => {
      gone = true;
      cancel();
      if (close) close();
      else setStatus('off');
    };
  }, [userId, api, queryClient, setStatus, listeners]);
}
