// Whether the live stream is up: the thread says "Reconnecting..." and the queries poll while it is not.
import { atom, useAtomValue } from 'jotai';

/** `off`: nobody signed in (nothing to stream); `connecting` the first time; `reconnecting` after a cut. */
export type LiveStatus = 'off' | 'connecting' | 'open' | 'reconnecting';

export const liveStatusAtom = atom<LiveStatus>('off');

/** How often the thread, its head and the unread count are fetched again while the stream is down. */
export const POLL_MS = 15_000;

export const useLiveStatus = () => useAtomValue(liveStatusAtom);
