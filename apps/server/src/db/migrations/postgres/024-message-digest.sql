-- Message email as a digest (issue 29): at most one email per conversation and person every 15 minutes
-- (MESSAGE_DIGEST_MINUTES), listing that conversation's messages still unread when it goes.
-- `message_digest`: with `message` on, messages come as a digest rather than each at once. Turning message email
-- off clears it, so turning it back on (a client before the digest sends `message: true`) is instant.
ALTER TABLE notification_preferences
  ADD COLUMN message_digest INTEGER NOT NULL DEFAULT 0 CHECK (message_digest IN (0, 1));

-- A `digest` outbox row is one conversation's window for one person: written with the window's first message,
-- due (`next_attempt_at`) when it closes, claimed and leased as every row is (FOR UPDATE SKIP LOCKED), and
-- rendered when it is delivered, since what it lists depends on what was read meanwhile. One open window per
-- person and conversation: a message that finds one joins it.
ALTER TABLE outbox DROP CONSTRAINT outbox_channel_check;
ALTER TABLE outbox ADD CONSTRAINT outbox_channel_check CHECK (channel IN ('email', 'live', 'digest'));
ALTER TABLE outbox DROP CONSTRAINT outbox_check;
ALTER TABLE outbox ADD CONSTRAINT outbox_email_check
  CHECK (channel <> 'email' OR (to_email IS NOT NULL AND subject IS NOT NULL AND html IS NOT NULL AND text IS NOT NULL));
ALTER TABLE outbox ADD COLUMN digest_thread TEXT;
ALTER TABLE outbox ADD CONSTRAINT outbox_digest_check CHECK ((channel = 'digest') = (digest_thread IS NOT NULL));
CREATE UNIQUE INDEX outbox_digest_open ON outbox (user_id, digest_thread) WHERE channel = 'digest' AND status = 'pending';

-- Each message waiting for a person's digest; the digest that lists it or leaves it out (read, or message email
-- turned off) deletes it, so the table holds only what waits.
CREATE TABLE message_digest_items (
  seq BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  conversation_id TEXT NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
  message_seq BIGINT NOT NULL REFERENCES messages (seq) ON DELETE CASCADE,
  created_at TEXT NOT NULL
);
CREATE INDEX message_digest_waiting ON message_digest_items (user_id, conversation_id, seq);
