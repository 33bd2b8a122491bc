// Conversations and messages written straight into migration 013's tables, for the live stream's tests and bench:
// the stream only reads them back (through a MessageReader) when a signal names them.
import { randomBytes } from 'node:crypto';
import type { Database } from '../../src/db/database';

export async function userIdOf(db: Database, email: string): Promise<string> {
  const row = await db.get<{ id: string }>('SELECT id FROM users WHERE email = ?', [email]);
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

/** A new conversation between these two about a made-up listing. */
export async function insertConversation(db: Database, buyerId: string, sellerId: string): Promise<string> {
  const id = `c-live-${randomBytes(5).toString('hex')}`;
  const now = new Date().toISOString();
  await db.run(
    `INSERT INTO conversations (id, mobile_id, buyer_id, seller_id, title, picture, price_cents, created_at, updated_at)
     VALUES (?, ?, ?, ?, 'A phone', '/uploads/seed/phone.webp', 10000, ?, ?)`,
    [id, `m-live-${randomBytes(5).toString('hex')}`, buyerId, sellerId, now, now],
  );
  return id;
}

/** A message from `senderId`; its seq. */
export async function insertMessage(
  db: Database,
  conversationId: string,
  senderId: string,
  text: string,
  safety: string[] = [],
): Promise<number> {
  const id = `msg-${randomBytes(6).toString('hex')}`;
  await db.run(
    'INSERT INTO messages (id, conversation_id, sender_id, text, safety, sent_at) VALUES (?, ?, ?, ?, ?, ?)',
    [id, conversationId, senderId, text, JSON.stringify(safety), new Date().toISOString()],
  );
  const row = await db.get<{ seq: number }>('SELECT seq FROM messages WHERE id = ?', [id]);
  return Number(row!.seq);
}
