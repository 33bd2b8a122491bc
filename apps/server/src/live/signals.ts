// The seam between the messages module (which writes) and the live stream (which delivers). A signal is small on
// purpose: PostgreSQL's NOTIFY carries at most 8,000 bytes, and what a person sees depends on who they are (their
// own message has no safety banner), so the process that holds a person's stream renders the event for them.
import type { components } from '@recell/api';

export type Message = components['schemas']['Message'];
export type LiveEvent = components['schemas']['LiveEvent'];

/** A fact for one person (`user` is a user id). */
export type Signal =
  | { user: string; type: 'message'; seq: number }
  | { user: string; type: 'read'; conversationId: string; upTo: number }
  | { user: string; type: 'unread' }
  | { user: string; type: 'conversation'; conversationId: string }
  /** The person's notifications changed (a new one, some read): the stream sends the bell's count. */
  | { user: string; type: 'notification' }
  /** An offer the person is a side of moved: they fetch it again. */
  | { user: string; type: 'offer'; offerId: string };

/** Tells every server process; called after the write it describes has committed. */
export interface Signals {
  send(signals: Signal[]): Promise<void>;
}

/** What the stream reads back from the messages module to render a signal, or to replay after Last-Event-ID. */
export interface MessageReader {
  /** The message as `viewer` sees it, or null when it is not in one of their conversations. */
  messageFor(viewer: string, seq: number): Promise<Message | null>;
  /** The viewer's messages after `afterSeq`, oldest first, at most `limit`. */
  messagesAfter(viewer: string, afterSeq: number, limit: number): Promise<Message[]>;
  unreadCount(viewer: string): Promise<number>;
}
