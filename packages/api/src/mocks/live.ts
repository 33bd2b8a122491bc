// The mocks' live event streams: who has one open, and writing an event to them. Its own module so that what
// ends an offer (offer-ending.ts) can tell both sides without importing the handlers.
import type { components } from '../generated/schema';
import type { MockStore } from './store';

type LiveEvent = components['schemas']['LiveEvent'];

/** The open event streams, per store (not kept in the store: QA's session snapshot writes the store as JSON). */
export type Listener = (event: LiveEvent, id?: string) => void;
const streams = new WeakMap<MockStore, Map<string, Set<Listener>>>();

/** Writes one event to every open stream of a person (the notifications handlers tell the bell through it). */
export function publishLive(store: MockStore, userId: string, event: LiveEvent) {
  for (const listener of listenersOf(store, userId)) listener(event);
}

export function listenersOf(store: MockStore, userId: string): Set<Listener> {
  let byUser = streams.get(store);
  if (!byUser) streams.set(store, (byUser = new Map()));
  let listeners = byUser.get(userId);
  if (!listeners) byUser.set(userId, (listeners = new Set()));
  return listeners;
}
