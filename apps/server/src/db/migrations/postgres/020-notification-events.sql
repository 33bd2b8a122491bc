-- Notifications, the rest of issue 29's events: a hold expiring within 24 hours (both sides, once per deal),
-- a listing removed by moderation, a report resolved, the Verified badge granted.
-- `hold_warned_at`: when both sides were told the hold ends soon. The job on the deal clock sets it in the same
-- statement that claims the deal, so each held deal is warned once, whichever process runs the job.
ALTER TABLE bookings ADD COLUMN hold_warned_at TEXT;
CREATE INDEX bookings_hold_unwarned ON bookings (hold_expires_at) WHERE status = 'held' AND hold_warned_at IS NULL;

-- The new kinds (the contract's NotificationKind), and a listing that may be absent (seller_verified is about the
-- account, not a listing).
ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check CHECK (kind IN ('message', 'booking', 'card_held',
  'deal_expiring', 'handover_completed', 'deal_cancelled', 'deal_declined', 'deal_expired', 'listing_removed',
  'report_resolved', 'seller_verified'));
ALTER TABLE notifications ALTER COLUMN mobile_id DROP NOT NULL, ALTER COLUMN title DROP NOT NULL;
ALTER TABLE notifications ADD CONSTRAINT notifications_listing_whole CHECK ((mobile_id IS NULL) = (title IS NULL));
