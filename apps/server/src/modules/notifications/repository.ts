// Notifications, email preferences and the outbox (migration 018): every statement on these tables, the same SQL
// on both engines except the outbox claim (PostgreSQL's FOR UPDATE SKIP LOCKED, SQLite's one writer).
import type { components, MessageEmail, NotificationKind, OptionalEmail } from '@recell/api';

type NotificationPreferences = components['schemas']['NotificationPreferences'];
import type { Database } from '../../db/database';
import { pageOfRows, type RowWindow } from '../../db/paging';

export interface NotificationRow {
  seq: number;
  id: string;
  user_id: string;
  kind: NotificationKind;
  text: string;
  /** Null on a notice about the account (seller_verified), as `title`. */
  mobile_id: string | null;
  title: string | null;
  link: string;
  read_at: string | null;
  created_at: string;
}

export interface Recipient {
  id: string;
  email: string;
  name: string;
}

export interface OutboxRow {
  seq: number;
  id: string;
  /** `digest`: one conversation's messages for one person (migration 024), rendered when it is delivered. */
  channel: 'email' | 'live' | 'digest';
  user_id: string;
  to_email: string | null;
  subject: string | null;
  html: string | null;
  text: string | null;
  unsubscribe_kind: OptionalEmail | null;
  created_at: string;
  attempts: number;
  /** The conversation of a digest row; null on the others. */
  digest_thread: string | null;
}

export type NewOutbox = Omit<OutboxRow, 'seq' | 'attempts' | 'digest_thread'>;

type Preferences = Record<OptionalEmail | 'message_digest', 0 | 1>;

/** One message a digest may list: who wrote it, what, and whether the person has read it in the app since. */
export interface DigestItem {
  seq: number;
  message_seq: number;
  sender: string | null;
  text: string | null;
  is_read: 0 | 1;
}

/** What a digest needs to be written: the person as they are now and the conversation's listing. */
export interface DigestTarget {
  email: string;
  title: string;
  picture: string;
  price_cents: number;
}

const messageEmailOf = (row: Preferences | undefined): MessageEmail =>
  Number(row?.message ?? 1) === 0 ? 'off' : Number(row?.message_digest ?? 0) === 1 ? 'digest' : 'instant';

export function notificationsRepository(db: Database) {
  return {
    /** The people named, by id or by email (a booking names its buyer by email). */
    async people(ids: readonly string[], emails: readonly string[]): Promise<Recipient[]> {
      if (ids.length === 0 && emails.length === 0) return [];
      const marks = (list: readonly string[]) => list.map(() => '?').join(', ') || 'NULL';
      return db.all<Recipient>(
        `SELECT id, email, name FROM users WHERE id IN (${marks(ids)}) OR email IN (${marks(emails)})`,
        [...ids, ...emails],
      );
    },

    insert: (row: Omit<NotificationRow, 'seq' | 'read_at'>) =>
      db.run(
        `INSERT INTO notifications (id, user_id, kind, text, mobile_id, title, link, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        [row.id, row.user_id, row.kind, row.text, row.mobile_id, row.title, row.link, row.created_at],
      ),

    page: (userId: string, page: RowWindow) =>
      pageOfRows<NotificationRow>(db, {
        columns: '*',
        from: 'FROM notifications WHERE user_id = ?',
        params: [userId],
        order: 'seq DESC',
        page,
      }),

    async unread(userId: string): Promise<number> {
      const row = await db.get<{ n: number }>(
        'SELECT COUNT(*) AS n FROM notifications WHERE user_id = ? AND read_at IS NULL',
        [userId],
      );
      return Number(row?.n ?? 0);
    },

    find: (id: string) => db.get<NotificationRow>('SELECT * FROM notifications WHERE id = ?', [id]),

    markRead: (userId: string, id: string, at: string) =>
      db.run('UPDATE notifications SET read_at = ? WHERE id = ? AND user_id = ? AND read_at IS NULL', [
        at,
        id,
        userId,
      ]),

    markAllRead: (userId: string, at: string) =>
      db.run('UPDATE notifications SET read_at = ? WHERE user_id = ? AND read_at IS NULL', [at, userId]),

    async preferences(userId: string): Promise<NotificationPreferences> {
      const row = await db.get<Preferences>(
        'SELECT message, message_digest, booking FROM notification_preferences WHERE user_id = ?',
        [userId],
      );
      const messageEmail = messageEmailOf(row);
      return {
        message: messageEmail !== 'off',
        messageEmail,
        booking: Number(row?.booking ?? 1) === 1,
        deal: true,
      };
    },

    /**
     * Sets the kinds given, keeping the others; one statement, so racing updates of two kinds both stand.
     * `messageEmail` sets both message columns; `message` alone keeps a digest a digest, and off clears it.
     */
    async setPreferences(
      userId: string,
      changes: Partial<Record<OptionalEmail, boolean>> & { messageEmail?: MessageEmail },
      at: string,
    ) {
      const bit = (value: boolean | undefined) => (value === undefined ? null : value ? 1 : 0);
      const message = bit(changes.messageEmail ? changes.messageEmail !== 'off' : changes.message);
      const digest = changes.messageEmail
        ? bit(changes.messageEmail === 'digest')
        : changes.message === false
          ? 0
          : null;
      const booking = bit(changes.booking);
      await db.run(
        `INSERT INTO notification_preferences (user_id, message, message_digest, booking, updated_at)
         VALUES (?, COALESCE(?, 1), COALESCE(?, 0), COALESCE(?, 1), ?)
         ON CONFLICT (user_id) DO UPDATE SET
           message = COALESCE(?, notification_preferences.message),
           message_digest = COALESCE(?, notification_preferences.message_digest),
           booking = COALESCE(?, notification_preferences.booking),
           updated_at = excluded.updated_at`,
        [userId, message, digest, booking, at, message, digest, booking],
      );
    },

    /**
     * A message for a person who takes digests: it waits, and its conversation's window opens (due at `dueAt`)
     * unless one is open already. The open window's row is written either way (a no-op update), so a digest
     * being closed at this moment conflicts with this transaction rather than missing the message.
     */
    async queueDigest(
      item: { userId: string; conversationId: string; messageSeq: number; at: string },
      outboxId: string,
      dueAt: string,
    ) {
      await db.run(
        `INSERT INTO message_digest_items (user_id, conversation_id, message_seq, created_at) VALUES (?, ?, ?, ?)`,
        [item.userId, item.conversationId, item.messageSeq, item.at],
      );
      await db.run(
        `INSERT INTO outbox (id, channel, user_id, unsubscribe_kind, created_at, next_attempt_at, digest_thread)
         VALUES (?, 'digest', ?, 'message', ?, ?, ?)
         ON CONFLICT (user_id, digest_thread) WHERE channel = 'digest' AND status = 'pending'
         DO UPDATE SET next_attempt_at = outbox.next_attempt_at`,
        [outboxId, item.userId, item.at, dueAt, item.conversationId],
      );
    },

    /** A person who no longer takes digests: their open windows close now (sent as they are, or not at all). */
    closeDigests: (userId: string, at: string) =>
      db.run(
        `UPDATE outbox SET next_attempt_at = ?
         WHERE user_id = ? AND channel = 'digest' AND status = 'pending' AND next_attempt_at > ?`,
        [at, userId, at],
      ),

    /** The messages waiting for a digest, oldest first, each with whether its reader has read it in the app. */
    digestItems: (userId: string, conversationId: string) =>
      db.all<DigestItem>(
        `SELECT i.seq, i.message_seq, u.name AS sender, m.text,
           CASE WHEN m.seq <= (CASE WHEN c.buyer_id = i.user_id THEN c.buyer_read_seq ELSE c.seller_read_seq END)
             THEN 1 ELSE 0 END AS is_read
         FROM message_digest_items i
         JOIN messages m ON m.seq = i.message_seq
         JOIN conversations c ON c.id = i.conversation_id
         LEFT JOIN users u ON u.id = m.sender_id
         WHERE i.user_id = ? AND i.conversation_id = ?
         ORDER BY m.seq`,
        [userId, conversationId],
      ),

    digestTarget: (userId: string, conversationId: string) =>
      db.get<DigestTarget>(
        `SELECT u.email, c.title, c.picture, c.price_cents FROM users u, conversations c
         WHERE u.id = ? AND c.id = ?`,
        [userId, conversationId],
      ),

    /**
     * The digest went (or had nothing to say): in one transaction, its row is sent, the messages it listed or
     * left out stop waiting, and any message that came meanwhile opens the next window at `nextDueAt`. Only by the
     * worker that holds the row; false when its lease was taken over.
     */
    digestSent: (
      row: Pick<OutboxRow, 'id' | 'user_id' | 'digest_thread'>,
      worker: string,
      itemSeqs: readonly number[],
      at: string,
      next: { id: string; dueAt: string },
    ) =>
      db.transaction(async () => {
        const { changes } = await db.run(
          `UPDATE outbox SET status = 'sent', sent_at = ?, claimed_until = NULL, last_error = NULL
           WHERE id = ? AND claimed_by = ? AND status = 'pending'`,
          [at, row.id, worker],
        );
        if (changes === 0) return false;
        if (itemSeqs.length > 0) {
          await db.run(
            `DELETE FROM message_digest_items WHERE seq IN (${itemSeqs.map(() => '?').join(', ')})`,
            itemSeqs,
          );
        }
        const waiting = await db.get<{ n: number }>(
          `SELECT COUNT(*) AS n FROM message_digest_items
           WHERE user_id = ? AND conversation_id = ?`,
          [row.user_id, row.digest_thread],
        );
        if (Number(waiting?.n ?? 0) > 0) {
          await db.run(
            `INSERT INTO outbox (id, channel, user_id, unsubscribe_kind, created_at, next_attempt_at, digest_thread)
             VALUES (?, 'digest', ?, 'message', ?, ?, ?)
             ON CONFLICT (user_id, digest_thread) WHERE channel = 'digest' AND status = 'pending' DO NOTHING`,
            [next.id, row.user_id, at, next.dueAt, row.digest_thread],
          );
        }
        return true;
      }),

    enqueue: (row: NewOutbox, dueAt: string) =>
      db.run(
        `INSERT INTO outbox (id, channel, user_id, to_email, subject, html, text, unsubscribe_kind, created_at,
           next_attempt_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          row.id,
          row.channel,
          row.user_id,
          row.to_email,
          row.subject,
          row.html,
          row.text,
          row.unsubscribe_kind,
          row.created_at,
          dueAt,
        ],
      ),

    /**
     * Takes up to `limit` due rows for `worker` until `leaseUntil`: pending, due, and not held by a live lease.
     * A worker that dies leaves its rows to the next claim after the lease. On PostgreSQL several processes claim
     * at once and SKIP LOCKED gives each row to one of them; SQLite has one writer, so the statement is the claim.
     * `dueBy`: the time rows fall due by, on the worker's clock (the deal clock, which tests move); leases are in
     * real time, so a worker that died is noticed after its lease whatever the clock says.
     */
    async claim(
      worker: string,
      at: string,
      leaseUntil: string,
      limit: number,
      dueBy: string = at,
    ): Promise<OutboxRow[]> {
      const due = `SELECT seq FROM outbox
        WHERE status = 'pending' AND next_attempt_at <= ? AND (claimed_until IS NULL OR claimed_until < ?)
        ORDER BY seq LIMIT ?`;
      const sql = `UPDATE outbox SET claimed_by = ?, claimed_until = ?, attempts = attempts + 1
        WHERE seq IN (${db.engine === 'postgres' ? `${due} FOR UPDATE SKIP LOCKED` : due})
        RETURNING seq, id, channel, user_id, to_email, subject, html, text, unsubscribe_kind, created_at, attempts,
          digest_thread`;
      const params = [worker, leaseUntil, dueBy, at, limit];
      // SQLite reads go to read-only connections; inside a transaction they use the writer.
      const rows =
        db.engine === 'postgres'
          ? await db.all<OutboxRow>(sql, params)
          : await db.transaction(() => db.all<OutboxRow>(sql, params));
      return rows.sort((a, b) => Number(a.seq) - Number(b.seq));
    },

    /** Delivered: only by the worker that holds the row (a lease taken over meanwhile makes this a no-op). */
    sent: (id: string, worker: string, at: string) =>
      db.run(
        `UPDATE outbox SET status = 'sent', sent_at = ?, claimed_until = NULL, last_error = NULL
         WHERE id = ? AND claimed_by = ? AND status = 'pending'`,
        [at, id, worker],
      ),

    /** Not delivered: tried again at `retryAt`. */
    failed: (id: string, worker: string, retryAt: string, error: string) =>
      db.run(
        `UPDATE outbox SET next_attempt_at = ?, claimed_until = NULL, last_error = ?
         WHERE id = ? AND claimed_by = ? AND status = 'pending'`,
        [retryAt, error.slice(0, 500), id, worker],
      ),

    async pending(): Promise<number> {
      const row = await db.get<{ n: number }>("SELECT COUNT(*) AS n FROM outbox WHERE status = 'pending'");
      return Number(row?.n ?? 0);
    },
  };
}

export type NotificationsRepository = ReturnType<typeof notificationsRepository>;
