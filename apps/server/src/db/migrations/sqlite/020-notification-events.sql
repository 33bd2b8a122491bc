-- Notifications, the rest of issue 29's events: a hold expiring within 24 hours (both sides, once per deal),
-- a listing removed by moderation, a report resolved, the Verified badge granted.
-- `hold_warned_at`: when both sides were told the hold ends soon. The job on the deal clock sets it in the same
-- statement that claims the deal, so each held deal is warned once, whichever process runs the job.
ALTER TABLE bookings ADD COLUMN hold_warned_at TEXT;
CREATE INDEX bookings_hold_unwarned ON bookings (hold_expires_at) WHERE status = 'held' AND hold_warned_at IS NULL;

-- SQLite cannot change a CHECK in place: the table is rebuilt with the new kinds (the contract's
-- NotificationKind), and a listing that may be absent (seller_verified is about the account, not a listing).
CREATE TABLE notifications_020 (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('message', 'booking', 'card_held', 'deal_expiring', 'handover_completed',
    'deal_cancelled', 'deal_declined', 'deal_expired', 'listing_removed', 'report_resolved', 'seller_verified')),
  text TEXT NOT NULL,
  mobile_id TEXT,
  title TEXT,
  link TEXT NOT NULL,
  read_at TEXT,
  created_at TEXT NOT NULL,
  CHECK ((mobile_id IS NULL) = (title IS NULL))
);
INSERT INTO notifications_020 (seq, id, user_id, kind, text, mobile_id, title, link, read_at, created_at)
  SELECT seq, id, user_id, kind, text, mobile_id, title, link, read_at, created_at FROM notifications;
DROP TABLE notifications;
ALTER TABLE notifications_020 RENAME TO notifications;
CREATE INDEX notifications_of_user ON notifications (user_id, seq DESC);
CREATE INDEX notifications_unread ON notifications (user_id) WHERE read_at IS NULL;
