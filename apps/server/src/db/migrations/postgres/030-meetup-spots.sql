-- A meetup spot in the deal (issue 44): the same tables and meanings as sqlite/030-meetup-spots.sql.
CREATE TABLE meetup_spots (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  address TEXT NOT NULL,
  area TEXT NOT NULL,
  lat DOUBLE PRECISION NOT NULL CHECK (lat BETWEEN -90 AND 90),
  lng DOUBLE PRECISION NOT NULL CHECK (lng BETWEEN -180 AND 180),
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
CREATE INDEX bookings_meetup_due ON bookings (meetup_at) WHERE meetup_at IS NOT NULL AND meetup_reminded_at IS NULL;

ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check CHECK (kind IN ('message', 'booking', 'card_held',
  'deal_expiring', 'handover_completed', 'deal_cancelled', 'deal_declined', 'deal_expired', 'listing_removed',
  'report_resolved', 'seller_verified', 'review_received', 'review_published', 'review_hidden', 'meetup_reminder'));
