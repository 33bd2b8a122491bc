import { useSyncExternalStore } from 'react';
import { media } from '../../theme/tokens';

function subscribe(onChange: () => void) {
  const query = window.matchMedia(media.reducedMotion);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** True when the person asked the system for less motion. */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(media.reducedMotion).matches,
    () => false,
  );
}
