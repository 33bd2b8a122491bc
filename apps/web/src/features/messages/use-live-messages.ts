import { useQueryClient } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { useApiConnection } from '../../lib/api';
import { connectLive } from './live';
import { liveStatusAtom } from './live-status';

/** Holds the signed-in person's event stream open while `userId` is set (one stream per tab). */
export function useLiveMessages(userId: string | undefined) {
  const connection = useApiConnection();
  const queryClient = useQueryClient();
  const setStatus = useSetAtom(liveStatusAtom);
  useEffect(() => {
    if (!userId) return undefined;
    return connectLive(connection, queryClient, setStatus);
  }, [userId, connection, queryClient, setStatus]);
}
