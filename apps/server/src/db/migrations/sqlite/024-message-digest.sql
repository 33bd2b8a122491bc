-- Message email as a digest (issue 29): at most one email per conversation and person every 15 minutes
-- (MESSAGE_DIGEST_MINUTES), listing that conversation's messages still unread when it goes.
-- `message_digest`: with `message` on, messages come as a digest rather than each at once. Turning message email
-- off clears it, so turning it back on (a client before the digest sends `message: true`) is instant.
ALTER TABLE notification_preferences
  ADD COLUMN message_digest INTEGER NOT NULL DEFAULT 0 CHECK (message_digest IN (0, 1));

-- A `digest` outbox row is one conversation's window for one person: written with the window's first message,
-- due (`next_attempt_at`) when it closes, claimed and leased as every row is, and rendered when it is delivered,
-- since what it lists depends on what was read meanwhile. One open window per person and conversation: a message
-- that finds one joins it. SQLite cannot change a CHECK in place: the outbox is rebuilt as 018 made it, with the
-- new channel.
CREATE TABLE outbox_024 (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  channel TEXT NOT NULL CHECK (channel IN ('email', 'live', 'digest')),
  -- A deleted account's mail still waiting goes with it: nothing is sent to a person who left.
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  to_email TEXT,
  subject TEXT,
  html TEXT,
  text TEXT,
  unsubscribe_kind TEXT CHECK (unsubscribe_kind IN ('message', 'booking')),
  created_at TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent')),
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at TEXT NOT NULL,
  claimed_by TEXT,
  claimed_until TEXT,
  sent_at TEXT,
  last_error TEXT,
  digest_thread TEXT,
  CHECK (channel <> 'email' OR (to_email IS NOT NULL AND subject IS NOT NULL AND html IS NOT NULL AND text IS NOT NULL)),
  CHECK ((channel = 'digest') = (digest_thread IS NOT NULL))
);
INSERT INTO outbox_024 (seq, id, channel, user_id, to_email, subject, html, text, unsubscribe_kind, created_at,
    status, attempts, next_attempt_at, claimed_by, claimed_until, sent_at, last_error)
  SELECT seq, id, channel, user_id, to_email, subject, html, text, unsubscribe_kind, created_at, status, attempts,
    next_attempt_at, claimed_by, claimed_until, sent_at, last_error FROM outbox;
DROP TABLE outbox;
ALTER TABLE outbox_024 RENAME TO outbox;
CREATE INDEX outbox_due ON outbox (next_attempt_at, seq) WHERE status = 'pending';
CREATE INDEX outbox_of_user ON outbox (user_id);
CREATE UNIQUE INDEX outbox_digest_open ON outbox (user_id, digest_thread) WHERE channel = 'digest' AND status = 'pending';

-- Each message waiting for a person's digest; the digest that lists it or leaves it out (read, or message email
-- turned off) deletes it, so the table holds only what waits.
CREATE TABLE message_digest_items (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  conversation_id TEXT NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
  message_seq INTEGER NOT NULL REFERENCES messages (seq) ON DELETE CASCADE,
  created_at TEXT NOT NULL
);
CREATE INDEX message_digest_waiting ON message_digest_items (user_id, conversation_id, seq);
