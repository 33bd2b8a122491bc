-- Reviews tell people (issue 24): a review of you was written, both reviews of a deal are published, your review
-- was hidden by an admin. The contract's NotificationKind gains review_received, review_published and
-- review_hidden, beside the kinds 020 added; SQLite cannot change a CHECK in place, so the bell's table is
-- rebuilt again, as 020 left it (a listing that may be absent) with the new kinds.
CREATE TABLE notifications_021 (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('message', 'booking', 'card_held', 'deal_expiring', 'handover_completed',
    'deal_cancelled', 'deal_declined', 'deal_expired', 'listing_removed', 'report_resolved', 'seller_verified',
    'review_received', 'review_published', 'review_hidden')),
  text TEXT NOT NULL,
  mobile_id TEXT,
  title TEXT,
  link TEXT NOT NULL,
  read_at TEXT,
  created_at TEXT NOT NULL,
  CHECK ((mobile_id IS NULL) = (title IS NULL))
);
INSERT INTO notifications_021 (seq, id, user_id, kind, text, mobile_id, title, link, read_at, created_at)
  SELECT seq, id, user_id, kind, text, mobile_id, title, link, read_at, created_at FROM notifications;
DROP TABLE notifications;
ALTER TABLE notifications_021 RENAME TO notifications;
CREATE INDEX notifications_of_user ON notifications (user_id, seq DESC);
CREATE INDEX notifications_unread ON notifications (user_id) WHERE read_at IS NULL;
