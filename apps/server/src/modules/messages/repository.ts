// Conversations, their messages and blocks (migration 013): every statement on these tables, the same SQL on both
// engines. As in the deals module, a write that depends on a condition (the listing still there, nobody blocked)
// carries it in its own WHERE, so a block or a removal that commits first wins and the write changes nothing.
import type { DealStatus } from '@recell/api';
import type { Database } from '../../db/database';
import { named, type NamedValues } from '../../db/named';
import type { RowWindow } from '../../db/paging';
import type { SafetyFinding } from '@recell/api';

export interface ConversationRow {
  id: string;
  mobile_id: string;
  buyer_id: string;
  seller_id: string;
  title: string;
  picture: string;
  price_cents: number;
  created_at: string;
  updated_at: string;
  last_seq: number;
  buyer_read_seq: number;
  seller_read_seq: number;
}

/** A conversation as one of its parties sees it: the row and what its head shows. */
export interface ConversationView extends ConversationRow {
  buyer_name: string;
  seller_name: string;
  removed: 0 | 1;
  booking_id: string | null;
  booking_status: DealStatus | null;
  /** the latest booking's meetup (migration 030): where and when, as booked */
  meetup_spot_id: string | null;
  meetup_place: string | null;
  meetup_address: string | null;
  meetup_at: string | null;
  unread: number;
  last_sender: string | null;
  last_text: string | null;
  last_sent_at: string | null;
  blocked_by_me: 0 | 1;
  blocked_me: 0 | 1;
}

export interface MessageRow {
  seq: number;
  id: string;
  conversation_id: string;
  sender_id: string;
  text: string | null;
  /** JSON arrays */
  pictures: string;
  safety: string;
  sent_at: string;
  buyer_id: string;
}

const CONVERSATION_COLUMNS = `c.id, c.mobile_id, c.buyer_id, c.seller_id, c.title, c.picture, c.price_cents,
  c.created_at, c.updated_at, c.last_seq, c.buyer_read_seq, c.seller_read_seq`;

/** The other party's id, for `:me`. */
const OTHER = 'CASE WHEN c.buyer_id = :me THEN c.seller_id ELSE c.buyer_id END';
/** The buyer's latest booking of the listing: the thread carries on into the deal. */
const LATEST_BOOKING = (column: string) =>
  `(SELECT b.${column} FROM bookings b WHERE b.mobile_id = c.mobile_id AND b.buyer_email = ub.email
     ORDER BY b.booked_at DESC, b.id DESC LIMIT 1)`;

/** Conversations as `:me` sees them; `where` names which (with its own named values). */
const viewSql = (where: string) => `
  SELECT ${CONVERSATION_COLUMNS}, ub.name AS buyer_name, us.name AS seller_name,
    CASE WHEN EXISTS (SELECT 1 FROM mobiles WHERE id = c.mobile_id) THEN 0 ELSE 1 END AS removed,
    ${LATEST_BOOKING('id')} AS booking_id, ${LATEST_BOOKING('status')} AS booking_status,
    ${LATEST_BOOKING('meetup_spot_id')} AS meetup_spot_id, ${LATEST_BOOKING('meetup_place')} AS meetup_place,
    ${LATEST_BOOKING('meetup_address')} AS meetup_address, ${LATEST_BOOKING('meetup_at')} AS meetup_at,
    (SELECT COUNT(*) FROM messages m WHERE m.conversation_id = c.id AND m.sender_id <> :me
       AND m.seq > CASE WHEN c.buyer_id = :me THEN c.buyer_read_seq ELSE c.seller_read_seq END) AS unread,
    lm.sender_id AS last_sender, lm.text AS last_text, lm.sent_at AS last_sent_at,
    CASE WHEN EXISTS (SELECT 1 FROM blocks WHERE blocker_id = :me AND blocked_id = ${OTHER}) THEN 1 ELSE 0 END
      AS blocked_by_me,
    CASE WHEN EXISTS (SELECT 1 FROM blocks WHERE blocker_id = ${OTHER} AND blocked_id = :me) THEN 1 ELSE 0 END
      AS blocked_me
  FROM conversations c
  JOIN users ub ON ub.id = c.buyer_id
  JOIN users us ON us.id = c.seller_id
  LEFT JOIN messages lm ON lm.seq = c.last_seq AND lm.conversation_id = c.id
  WHERE ${where}`;

const MESSAGE_COLUMNS =
  'm.seq, m.id, m.conversation_id, m.sender_id, m.text, m.pictures, m.safety, m.sent_at, c.buyer_id';

/** `:me`'s messages still unread, in every conversation of theirs. */
const UNREAD_SQL = `
  SELECT COUNT(*) AS n FROM messages m JOIN conversations c ON c.id = m.conversation_id
  WHERE m.sender_id <> :me AND (
    (c.buyer_id = :me AND m.seq > c.buyer_read_seq) OR (c.seller_id = :me AND m.seq > c.seller_read_seq))`;

/**
 * Nothing stops `:sender` writing in conversation `:conversation`: the listing is there, and neither of the two
 * blocked the other (a block stops both directions, in every conversation between them, until it is lifted).
 */
const CAN_WRITE = `EXISTS (
    SELECT 1 FROM conversations c JOIN mobiles mo ON mo.id = c.mobile_id
    WHERE c.id = :conversation AND :sender IN (c.buyer_id, c.seller_id)
      AND NOT EXISTS (SELECT 1 FROM blocks
        WHERE blocker_id IN (c.buyer_id, c.seller_id) AND blocked_id IN (c.buyer_id, c.seller_id)))`;

export function messagesRepository(db: Database) {
  const all = <T>(sql: string, values: NamedValues) => {
    const query = named(sql, values);
    return db.all<T>(query.sql, query.params);
  };
  const get = async <T>(sql: string, values: NamedValues) => (await all<T>(sql, values))[0];
  const run = (sql: string, values: NamedValues) => {
    const query = named(sql, values);
    return db.run(query.sql, query.params);
  };

  return {
    find: (id: string) =>
      db.get<ConversationRow>(`SELECT ${CONVERSATION_COLUMNS} FROM conversations c WHERE c.id = ?`, [id]),
    findOf: (mobileId: string, buyerId: string) =>
      db.get<ConversationRow>(
        `SELECT ${CONVERSATION_COLUMNS} FROM conversations c WHERE c.mobile_id = ? AND c.buyer_id = ?`,
        [mobileId, buyerId],
      ),
    view: (id: string, me: string) => get<ConversationView>(viewSql('c.id = :id'), { id, me }),

    /** The caller's conversations, the most recently written first. */
    async list(me: string, mobileId: string | undefined, page: RowWindow) {
      const where = `(c.buyer_id = :me OR c.seller_id = :me)${mobileId ? ' AND c.mobile_id = :mobile' : ''}`;
      const values = { me, mobile: mobileId ?? null, limit: page.limit, offset: page.offset };
      const [rows, count] = await Promise.all([
        all<ConversationView>(
          `${viewSql(where)} ORDER BY c.updated_at DESC, c.id DESC LIMIT :limit OFFSET :offset`,
          values,
        ),
        get<{ n: number }>(`SELECT COUNT(*) AS n FROM conversations c WHERE ${where}`, values),
      ]);
      return { rows, total: Number(count?.n ?? 0) };
    },

    /** A new conversation, or nothing when the listing and buyer have one (the unique index decides). */
    async insert(row: Omit<ConversationRow, 'last_seq' | 'buyer_read_seq' | 'seller_read_seq'>) {
      const { changes } = await db.run(
        `INSERT INTO conversations (id, mobile_id, buyer_id, seller_id, title, picture, price_cents, created_at,
           updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
        [
          row.id,
          row.mobile_id,
          row.buyer_id,
          row.seller_id,
          row.title,
          row.picture,
          row.price_cents,
          row.created_at,
          row.updated_at,
        ],
      );
      return changes === 1;
    },

    /**
     * Adds a message unless the conversation is closed or the sender is blocked (then undefined), moves the
     * conversation's last message and the sender's read mark to it. Call inside a transaction.
     */
    async append(message: {
      id: string;
      conversation: string;
      sender: string;
      text: string | null;
      pictures: readonly string[];
      safety: readonly SafetyFinding[];
      at: string;
    }): Promise<number | undefined> {
      const values = {
        id: message.id,
        conversation: message.conversation,
        sender: message.sender,
        text: message.text,
        pictures: JSON.stringify(message.pictures),
        safety: JSON.stringify(message.safety),
        at: message.at,
      };
      const inserted = await get<{ seq: number }>(
        `INSERT INTO messages (id, conversation_id, sender_id, text, pictures, safety, sent_at)
         SELECT :id, :conversation, :sender, :text, :pictures, :safety, :at WHERE ${CAN_WRITE}
         RETURNING seq`,
        values,
      );
      if (!inserted) return undefined;
      const seq = Number(inserted.seq);
      await run(
        `UPDATE conversations SET last_seq = :seq, updated_at = :at,
           buyer_read_seq = CASE WHEN buyer_id = :sender THEN :seq ELSE buyer_read_seq END,
           seller_read_seq = CASE WHEN seller_id = :sender THEN :seq ELSE seller_read_seq END
         WHERE id = :conversation AND last_seq < :seq`,
        { ...values, seq },
      );
      return seq;
    },

    /** `:me` has read up to `upTo` (never past the last message, never back). */
    markRead: (conversation: string, me: string, upTo: number) =>
      run(
        `UPDATE conversations SET
           buyer_read_seq = CASE WHEN buyer_id = :me AND buyer_read_seq < :upTo
             THEN CASE WHEN last_seq < :upTo THEN last_seq ELSE :upTo END ELSE buyer_read_seq END,
           seller_read_seq = CASE WHEN seller_id = :me AND seller_read_seq < :upTo
             THEN CASE WHEN last_seq < :upTo THEN last_seq ELSE :upTo END ELSE seller_read_seq END
         WHERE id = :conversation`,
        { conversation, me, upTo },
      ),

    unreadCount: async (me: string) => Number((await get<{ n: number }>(UNREAD_SQL, { me }))?.n ?? 0),

    /** Up to `limit` messages before `before` (or the newest), oldest first, and whether older ones remain. */
    async page(conversation: string, before: number | undefined, limit: number) {
      const rows = await all<MessageRow>(
        `SELECT ${MESSAGE_COLUMNS} FROM messages m JOIN conversations c ON c.id = m.conversation_id
         WHERE m.conversation_id = :conversation ${before === undefined ? '' : 'AND m.seq < :before'}
         ORDER BY m.seq DESC LIMIT :limit`,
        { conversation, before: before ?? null, limit: limit + 1 },
      );
      return { rows: rows.slice(0, limit).reverse(), hasMore: rows.length > limit };
    },

    /** Up to `around` messages either side of `seq` in its conversation, oldest first. */
    async around(conversation: string, seq: number, around: number) {
      const values = { conversation, seq, around };
      const [older, newer] = await Promise.all([
        all<MessageRow>(
          `SELECT ${MESSAGE_COLUMNS} FROM messages m JOIN conversations c ON c.id = m.conversation_id
           WHERE m.conversation_id = :conversation AND m.seq < :seq ORDER BY m.seq DESC LIMIT :around`,
          values,
        ),
        all<MessageRow>(
          `SELECT ${MESSAGE_COLUMNS} FROM messages m JOIN conversations c ON c.id = m.conversation_id
           WHERE m.conversation_id = :conversation AND m.seq >= :seq ORDER BY m.seq LIMIT :limit`,
          { ...values, limit: around + 1 },
        ),
      ]);
      return [...older.reverse(), ...newer];
    },

    findMessage: (id: string) =>
      get<MessageRow>(
        `SELECT ${MESSAGE_COLUMNS} FROM messages m JOIN conversations c ON c.id = m.conversation_id
         WHERE m.id = :id`,
        { id },
      ),

    /** Message `seq` when `:me` is a party to its conversation. */
    messageOf: (me: string, seq: number) =>
      get<MessageRow>(
        `SELECT ${MESSAGE_COLUMNS} FROM messages m JOIN conversations c ON c.id = m.conversation_id
         WHERE m.seq = :seq AND (c.buyer_id = :me OR c.seller_id = :me)`,
        { me, seq },
      ),

    /** `:me`'s messages after `afterSeq`, oldest first: the live stream's replay. */
    messagesAfter: (me: string, afterSeq: number, limit: number) =>
      all<MessageRow>(
        `SELECT ${MESSAGE_COLUMNS} FROM messages m JOIN conversations c ON c.id = m.conversation_id
         WHERE m.seq > :after AND (c.buyer_id = :me OR c.seller_id = :me) ORDER BY m.seq LIMIT :limit`,
        { me, after: afterSeq, limit },
      ),

    /** The conversations about these listings (the listings were just removed). */
    ofListings: (mobileIds: readonly string[]) =>
      mobileIds.length === 0
        ? Promise.resolve([])
        : db.all<Pick<ConversationRow, 'id' | 'buyer_id' | 'seller_id'>>(
            `SELECT id, buyer_id, seller_id FROM conversations
             WHERE mobile_id IN (${mobileIds.map(() => '?').join(', ')})`,
            mobileIds,
          ),

    /** The conversation a booking's deal carries on (its listing and buyer), if there is one. */
    ofBooking: (bookingId: string) =>
      db.get<Pick<ConversationRow, 'id' | 'buyer_id' | 'seller_id'>>(
        `SELECT c.id, c.buyer_id, c.seller_id FROM conversations c
         JOIN users u ON u.id = c.buyer_id
         JOIN bookings b ON b.mobile_id = c.mobile_id AND b.buyer_email = u.email
         WHERE b.id = ?`,
        [bookingId],
      ),

    block: (blocker: string, blocked: string, at: string) =>
      db.run(
        'INSERT INTO blocks (blocker_id, blocked_id, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING',
        [blocker, blocked, at],
      ),
    unblock: (blocker: string, blocked: string) =>
      db.run('DELETE FROM blocks WHERE blocker_id = ? AND blocked_id = ?', [blocker, blocked]),
    /** Either of the two blocked the other. */
    blockedBetween: async (a: string, b: string) =>
      (await db.get<{ one: number }>(
        `SELECT 1 AS one FROM blocks
         WHERE (blocker_id = ? AND blocked_id = ?) OR (blocker_id = ? AND blocked_id = ?)`,
        [a, b, b, a],
      )) !== undefined,
    /** `blocker` blocked `blocked`. */
    blocks: async (blocker: string, blocked: string) =>
      (await db.get<{ one: number }>('SELECT 1 AS one FROM blocks WHERE blocker_id = ? AND blocked_id = ?', [
        blocker,
        blocked,
      ])) !== undefined,
  };
}

export type MessagesRepository = ReturnType<typeof messagesRepository>;
