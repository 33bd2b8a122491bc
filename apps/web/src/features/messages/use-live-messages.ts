import { useQueryClient } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { useApiConnection } from '../../lib/api';
import { liveStatusAtom } from './live-status';

/**
 * Holds the signed-in person's event stream open while `userId` is set (one stream per tab). The client and the
 * eventsource package load with the first sign-in, not in the home page's first JS.
 */
export function useLiveMessages(userId: string | undefined) {
  const connection = useApiConnection();
  const queryClient = useQueryClient();
  const setStatus = useSetAtom(liveStatusAtom);
  useEffect(() => {
    if (!userId) return undefined;
    let close: (() => void) | undefined;
    let gone = false;
    void import('./live').then(({ connectLive }) => {
      if (!gone) close = connectLive(connection, queryClient, setStatus);
    });
    return () => {
      gone = true;
      close?.();
    };
  }, [userId, connection, queryClient, setStatus]);
}
