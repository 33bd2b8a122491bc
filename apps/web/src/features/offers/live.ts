// The offers' part of the person's live stream (handed to the messages' stream by the app layer, as the bell's
// is): an offer the person is a side of moved, so every offer query, and the deals an acceptance made, are read
// again.
import type { LiveEvent } from '@recell/api';
import type { QueryClient } from '@tanstack/react-query';
import { invalidateOffers } from './api/invalidate-offers';

export const offersLiveListener = {
  event(queryClient: QueryClient, event: LiveEvent) {
    if (event.type === 'offer') invalidateOffers(queryClient);
  },
  opened(queryClient: QueryClient, first: boolean) {
    // back after a cut, an offer may have moved meanwhile
    if (!first) invalidateOffers(queryClient);
  },
};
