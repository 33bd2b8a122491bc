// Notifications, email preferences and the outbox (migration 018): every statement on these tables, the same SQL
// on both engines except the outbox claim (PostgreSQL's FOR UPDATE SKIP LOCKED, SQLite's one writer).
import type { components, NotificationKind, OptionalEmail } from '@recell/api';

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
  channel: 'email' | 'live';
  user_id: string;
  to_email: string | null;
  subject: string | null;
  html: string | null;
  text: string | null;
  unsubscribe_kind: OptionalEmail | null;
  created_at: string;
  attempts: number;
}

export type NewOutbox = Omit<OutboxRow, 'seq' | 'attempts'>;

type Preferences = Record<OptionalEmail, 0 | 1>;

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
        'SELECT message, booking FROM notification_preferences WHERE user_id = ?',
        [userId],
      );
      return {
        message: Number(row?.message ?? 1) === 1,
        booking: Number(row?.booking ?? 1) === 1,
        deal: true,
      };
    },

    /** Sets the kinds given, keeping the others; one statement, so racing updates of two kinds both stand. */
    async setPreferences(userId: string, changes: Partial<Record<OptionalEmail, boolean>>, at: string) {
      const bit = (value: boolean | undefined) => (value === undefined ? null : value ? 1 : 0);
      await db.run(
        `INSERT INTO notification_preferences (user_id, message, booking, updated_at)
         VALUES (?, COALESCE(?, 1), COALESCE(?, 1), ?)
         ON CONFLICT (user_id) DO UPDATE SET
           message = COALESCE(?, notification_preferences.message),
           booking = COALESCE(?, notification_preferences.booking),
           updated_at = excluded.updated_at`,
        [userId, bit(changes.message), bit(changes.booking), at, bit(changes.message), bit(changes.booking)],
      );
    },

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
     */
    async claim(worker: string, at: string, leaseUntil: string, limit: number): Promise<OutboxRow[]> {
      const due = `SELECT seq FROM outbox
        WHERE status = 'pending' AND next_attempt_at <= ? AND (claimed_until IS NULL OR claimed_until < ?)
        ORDER BY seq LIMIT ?`;
      const sql = `UPDATE outbox SET claimed_by = ?, claimed_until = ?, attempts = attempts + 1
        WHERE seq IN (${db.engine === 'postgres' ? `${due} FOR UPDATE SKIP LOCKED` : due})
        RETURNING seq, id, channel, user_id, to_email, subject, html, text, unsubscribe_kind, created_at, attempts`;
      const params = [worker, leaseUntil, at, at, limit];
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
