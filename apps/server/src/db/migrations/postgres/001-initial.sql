-- The marketplace on PostgreSQL: the same tables, columns and meanings as sqlite/001-initial.sql, so the
-- repositories' SQL runs on both. Money is integer cents; times are ISO 8601 UTC strings (they sort as text);
-- flags are 0/1 integers. Emails compare without case (citext), as SQLite's COLLATE NOCASE does.
CREATE EXTENSION IF NOT EXISTS citext;

CREATE TABLE categories (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  position INTEGER NOT NULL
);

CREATE TABLE users (
  id TEXT PRIMARY KEY,
  firebase_uid TEXT UNIQUE,
  email CITEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  role TEXT NOT NULL CHECK (role IN ('buyer', 'seller', 'admin')),
  verified INTEGER NOT NULL DEFAULT 0 CHECK (verified IN (0, 1)),
  created_at TEXT NOT NULL
);
CREATE INDEX users_by_role ON users (role, created_at);
CREATE INDEX users_by_created ON users (created_at);

-- `rowid`: SQLite's row number, which the sitemap walks and the search orders ties by; here a column of its own.
CREATE TABLE mobiles (
  rowid BIGINT GENERATED ALWAYS AS IDENTITY UNIQUE,
  id TEXT PRIMARY KEY,
  seller_id TEXT NOT NULL REFERENCES users (id),
  category_id TEXT NOT NULL REFERENCES categories (id),
  title TEXT NOT NULL,
  picture TEXT NOT NULL,
  location TEXT NOT NULL,
  resale_cents INTEGER NOT NULL CHECK (resale_cents > 0),
  buying_cents INTEGER NOT NULL CHECK (buying_cents > 0),
  year_of_purchase INTEGER NOT NULL,
  year_of_uses INTEGER NOT NULL,
  posted_at TEXT NOT NULL,
  seller_name TEXT NOT NULL,
  condition TEXT NOT NULL CHECK (condition IN ('Excellent', 'Good', 'Fair')),
  number_of_seller TEXT NOT NULL,
  details TEXT NOT NULL,
  booking_ref TEXT NOT NULL,
  stock INTEGER NOT NULL CHECK (stock >= 0),
  advertised INTEGER NOT NULL DEFAULT 0 CHECK (advertised IN (0, 1)),
  imei TEXT,
  imei_last4 TEXT
);
CREATE INDEX mobiles_by_category_posted ON mobiles (category_id, posted_at DESC);
CREATE INDEX mobiles_by_category_price ON mobiles (category_id, resale_cents);
CREATE INDEX mobiles_by_seller ON mobiles (seller_id, posted_at DESC);
CREATE INDEX mobiles_advertised ON mobiles (posted_at DESC) WHERE advertised = 1 AND stock > 0;

CREATE TABLE bookings (
  id TEXT PRIMARY KEY,
  mobile_id TEXT NOT NULL,
  buyer_email CITEXT NOT NULL,
  buyer_name TEXT NOT NULL,
  mobile_name TEXT NOT NULL,
  price_cents INTEGER NOT NULL CHECK (price_cents > 0),
  picture TEXT NOT NULL,
  booking_ref TEXT NOT NULL,
  phone TEXT NOT NULL,
  location TEXT NOT NULL,
  booked_at TEXT NOT NULL,
  paid INTEGER NOT NULL DEFAULT 0 CHECK (paid IN (0, 1))
);
CREATE INDEX bookings_by_buyer ON bookings (buyer_email, booked_at DESC);
CREATE INDEX bookings_by_mobile ON bookings (mobile_id, booked_at DESC);

CREATE TABLE wishlist (
  id TEXT PRIMARY KEY,
  buyer_email CITEXT NOT NULL,
  buyer_name TEXT NOT NULL,
  mobile_id TEXT NOT NULL REFERENCES mobiles (id) ON DELETE CASCADE,
  mobile_name TEXT NOT NULL,
  price_cents INTEGER NOT NULL,
  picture TEXT NOT NULL,
  wishlisted_at TEXT NOT NULL,
  UNIQUE (buyer_email, mobile_id)
);
CREATE INDEX wishlist_by_buyer ON wishlist (buyer_email, wishlisted_at DESC);
CREATE INDEX wishlist_by_mobile ON wishlist (mobile_id);

CREATE TABLE reports (
  id TEXT PRIMARY KEY,
  mobile_id TEXT NOT NULL,
  mobile_name TEXT NOT NULL,
  reason TEXT NOT NULL,
  reporter_email CITEXT NOT NULL,
  created_at TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('open', 'dismissed', 'removed'))
);
CREATE INDEX reports_by_status ON reports (status, created_at DESC);
CREATE INDEX reports_by_created ON reports (created_at DESC);
CREATE INDEX reports_by_mobile ON reports (mobile_id);
CREATE UNIQUE INDEX reports_one_open_per_reporter ON reports (mobile_id, reporter_email) WHERE status = 'open';

CREATE TABLE audit_log (
  id TEXT PRIMARY KEY,
  at TEXT NOT NULL,
  actor_email TEXT NOT NULL,
  action TEXT NOT NULL,
  target TEXT NOT NULL
);
CREATE INDEX audit_by_time ON audit_log (at DESC);

CREATE TABLE blogs (
  id TEXT PRIMARY KEY,
  title TEXT NOT NULL,
  details TEXT NOT NULL,
  position INTEGER NOT NULL
);

CREATE TABLE test_intents (
  id TEXT PRIMARY KEY,
  booking_id TEXT NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
  amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
  currency TEXT NOT NULL,
  client_secret TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('requires_payment_method', 'succeeded', 'refunded')),
  created_at TEXT NOT NULL
);
CREATE INDEX test_intents_by_booking ON test_intents (booking_id);

CREATE TABLE payments (
  id TEXT PRIMARY KEY,
  booking_id TEXT NOT NULL UNIQUE REFERENCES bookings (id),
  transaction_id TEXT NOT NULL UNIQUE,
  price_cents INTEGER NOT NULL,
  email CITEXT NOT NULL,
  provider TEXT NOT NULL,
  created_at TEXT NOT NULL
);

CREATE TABLE stripe_events (
  id TEXT PRIMARY KEY,
  type TEXT NOT NULL,
  received_at TEXT NOT NULL
);

CREATE TABLE meta (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
