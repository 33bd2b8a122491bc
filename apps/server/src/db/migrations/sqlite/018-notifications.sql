-- Notifications (issue 29): each person's bell, their email preferences, and the outbox. An outbox row is written
-- in the same transaction as the state change that causes it, so a committed change always has its email and its
-- live signal, and a rolled-back one has neither; a worker delivers each row (src/modules/notifications/worker.ts).
CREATE TABLE notifications (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('message', 'booking', 'card_held', 'handover_completed', 'deal_cancelled',
    'deal_declined', 'deal_expired')),
  text TEXT NOT NULL,
  mobile_id TEXT NOT NULL,
  title TEXT NOT NULL,
  link TEXT NOT NULL,
  read_at TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX notifications_of_user ON notifications (user_id, seq DESC);
CREATE INDEX notifications_unread ON notifications (user_id) WHERE read_at IS NULL;

-- Email per kind that may be turned off; a person without a row gets every email. Deal-money email is always on.
CREATE TABLE notification_preferences (
  user_id TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  message INTEGER NOT NULL DEFAULT 1 CHECK (message IN (0, 1)),
  booking INTEGER NOT NULL DEFAULT 1 CHECK (booking IN (0, 1)),
  updated_at TEXT NOT NULL
);

-- `channel` email: one message to `to_email`, rendered when written (what the person may see then), sent with
-- Message-ID <id@...>. `channel` live: the recipient's bell count is pushed over the event stream. A row is
-- claimed for `claimed_until` (a lease: a worker that died leaves it to the next after that), and retried with
-- backoff at `next_attempt_at` until it is sent; it is never dropped.
CREATE TABLE outbox (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  channel TEXT NOT NULL CHECK (channel IN ('email', 'live')),
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
  CHECK (channel = 'live' OR (to_email IS NOT NULL AND subject IS NOT NULL AND html IS NOT NULL AND text IS NOT NULL))
);
CREATE INDEX outbox_due ON outbox (next_attempt_at, seq) WHERE status = 'pending';
CREATE INDEX outbox_of_user ON outbox (user_id);
