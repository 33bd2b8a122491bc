-- A meetup spot in the deal (issue 44): places admins curate (police stations, malls, repair shops) with their
-- coordinates, opening hours (JSON: each weekday's opens/closes, local time in Dhaka) and whether cameras watch
-- them. A listing names its seller's area and a booking its buyer's (AREAS of @recell/api); a booking keeps the
-- spot's name and address as they were when booked (a spot edited or removed later does not move a meetup), its
-- time, and when its reminder was written (once per booking, MEETUP_REMINDER_HOURS before). The CHECKs are the
-- contract's Latitude and Longitude (a test holds them to LATITUDE_RANGE and LONGITUDE_RANGE).
CREATE TABLE meetup_spots (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  address TEXT NOT NULL,
  area TEXT NOT NULL,
  lat REAL NOT NULL CHECK (lat BETWEEN -90 AND 90),
  lng REAL NOT NULL CHECK (lng BETWEEN -180 AND 180),
  hours TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('police_station', 'mall', 'repair_shop')),
  cctv INTEGER NOT NULL CHECK (cctv IN (0, 1)),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX meetup_spots_by_area ON meetup_spots (area, name);

ALTER TABLE mobiles ADD COLUMN area TEXT;
ALTER TABLE bookings ADD COLUMN area TEXT;
ALTER TABLE bookings ADD COLUMN meetup_spot_id TEXT;
ALTER TABLE bookings ADD COLUMN meetup_place TEXT;
ALTER TABLE bookings ADD COLUMN meetup_address TEXT;
ALTER TABLE bookings ADD COLUMN meetup_at TEXT;
ALTER TABLE bookings ADD COLUMN meetup_reminded_at TEXT;
-- the reminder job's question: meetups still to remind, by time
CREATE INDEX bookings_meetup_due ON bookings (meetup_at) WHERE meetup_at IS NOT NULL AND meetup_reminded_at IS NULL;

-- The bell's kinds gain meetup_reminder; SQLite cannot change a CHECK in place, so the table is rebuilt as 021
-- left it.
CREATE TABLE notifications_030 (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('message', 'booking', 'card_held', 'deal_expiring', 'handover_completed',
    'deal_cancelled', 'deal_declined', 'deal_expired', 'listing_removed', 'report_resolved', 'seller_verified',
    'review_received', 'review_published', 'review_hidden', 'meetup_reminder')),
  text TEXT NOT NULL,
  mobile_id TEXT,
  title TEXT,
  link TEXT NOT NULL,
  read_at TEXT,
  created_at TEXT NOT NULL,
  CHECK ((mobile_id IS NULL) = (title IS NULL))
);
INSERT INTO notifications_030 (seq, id, user_id, kind, text, mobile_id, title, link, read_at, created_at)
  SELECT seq, id, user_id, kind, text, mobile_id, title, link, read_at, created_at FROM notifications;
DROP TABLE notifications;
ALTER TABLE notifications_030 RENAME TO notifications;
CREATE INDEX notifications_of_user ON notifications (user_id, seq DESC);
CREATE INDEX notifications_unread ON notifications (user_id) WHERE read_at IS NULL;
