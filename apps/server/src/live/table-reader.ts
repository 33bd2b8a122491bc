// A MessageReader straight over migration 013's tables, so the stream runs and is tested on this branch before the
// messages module's own reader (src/modules/messages, issue 23) is wired in its place in src/app.ts. It shows a
// message as its reader sees it: `mine`, and the safety findings only on a message someone else wrote.
import type { Database } from '../db/database';
import type { Message, MessageReader } from './signals';

interface Row {
  seq: number;
  id: string;
  conversation_id: string;
  sender_id: string;
  buyer_id: string;
  text: string | null;
  pictures: string;
  safety: string;
  sent_at: string;
}

const SELECT = `SELECT m.seq, m.id, m.conversation_id, m.sender_id, c.buyer_id, m.text, m.pictures, m.safety, m.sent_at
  FROM messages m JOIN conversations c ON c.id = m.conversation_id
  WHERE (c.buyer_id = ? OR c.seller_id = ?)`;

function asMessage(viewer: string, row: Row): Message {
  const mine = row.sender_id === viewer;
  const safety = mine ? [] : (JSON.parse(row.safety) as NonNullable<Message['safety']>);
  return {
    _id: row.id,
    seq: Number(row.seq),
    conversationId: row.conversation_id,
    from: row.sender_id === row.buyer_id ? 'buyer' : 'seller',
    mine,
    ...(row.text !== null && { text: row.text }),
    pictures: JSON.parse(row.pictures) as string[],
    sentAt: row.sent_at,
    ...(safety.length > 0 && { safety }),
  };
}

export function tableReader(db: Database): MessageReader {
  return {
    async messageFor(viewer, seq) {
      const row = await db.get<Row>(`${SELECT} AND m.seq = ?`, [viewer, viewer, seq]);
      return row ? asMessage(viewer, row) : null;
    },
    async messagesAfter(viewer, afterSeq, limit) {
      const rows = await db.all<Row>(`${SELECT} AND m.seq > ? ORDER BY m.seq LIMIT ?`, [
        viewer,
        viewer,
        afterSeq,
        limit,
      ]);
      return rows.map((row) => asMessage(viewer, row));
    },
    async unreadCount(viewer) {
      const row = await db.get<{ unread: number }>(
        `SELECT COUNT(*) AS unread FROM messages m JOIN conversations c ON c.id = m.conversation_id
          WHERE m.sender_id <> ?
            AND ((c.buyer_id = ? AND m.seq > c.buyer_read_seq) OR (c.seller_id = ? AND m.seq > c.seller_read_seq))`,
        [viewer, viewer, viewer],
      );
      return Number(row?.unread ?? 0);
    },
  };
}
