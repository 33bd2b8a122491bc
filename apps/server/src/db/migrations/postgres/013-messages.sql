-- Messages (issue 23): one conversation per listing and buyer, carried on into the deal. A removed listing's row
-- goes (catalogue removal deletes it), so the conversation keeps what its head shows: the title, picture and price
-- when it started. A person's deletion takes their conversations with it.
CREATE TABLE conversations (
  id TEXT PRIMARY KEY,
  mobile_id TEXT NOT NULL,
  buyer_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  seller_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  title TEXT NOT NULL,
  picture TEXT NOT NULL,
  price_cents BIGINT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  last_seq BIGINT NOT NULL DEFAULT 0,
  buyer_read_seq BIGINT NOT NULL DEFAULT 0,
  seller_read_seq BIGINT NOT NULL DEFAULT 0,
  CHECK (buyer_id <> seller_id)
);
CREATE UNIQUE INDEX conversations_one_per_listing_and_buyer ON conversations (mobile_id, buyer_id);
CREATE INDEX conversations_of_buyer ON conversations (buyer_id, updated_at DESC);
CREATE INDEX conversations_of_seller ON conversations (seller_id, updated_at DESC);

-- `seq` orders every message on ReCell and is the live stream's event id (Last-Event-ID replays after it).
CREATE TABLE messages (
  seq BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  conversation_id TEXT NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
  sender_id TEXT NOT NULL,
  text TEXT,
  pictures TEXT NOT NULL DEFAULT '[]',
  safety TEXT NOT NULL DEFAULT '[]',
  sent_at TEXT NOT NULL,
  CHECK (text IS NOT NULL OR pictures <> '[]')
);
CREATE INDEX messages_of_conversation ON messages (conversation_id, seq);
CREATE INDEX messages_by_sender ON messages (sender_id, sent_at);

-- A person who blocked another: the blocked one can no longer message them, anywhere on ReCell.
CREATE TABLE blocks (
  blocker_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  blocked_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at TEXT NOT NULL,
  PRIMARY KEY (blocker_id, blocked_id)
);

-- A report may name a message (its listing stays the report's mobile_id); one report per message and reporter.
ALTER TABLE reports ADD COLUMN message_id TEXT;
CREATE UNIQUE INDEX reports_one_per_message_and_reporter ON reports (message_id, reporter_email)
  WHERE message_id IS NOT NULL;
-- A listing's one open report per reporter is about the listing itself, not the messages about it.
DROP INDEX reports_one_open_per_reporter;
CREATE UNIQUE INDEX reports_one_open_per_reporter ON reports (mobile_id, reporter_email)
  WHERE status = 'open' AND message_id IS NULL;
