-- Offers that hold the card (issue 47): an offer under the asking price is paid as a booking is (the card
-- authorized for its amount), so accepting it turns that authorization into a held deal. The statuses and ended
-- reasons are the contract's OfferStatus and OfferEndedReason (OFFER_TRANSITIONS in packages/api's offer-rules.ts).
-- The listing's title, picture and asking price are kept as they were offered on, as a booking keeps them: an
-- ended offer outlives its listing. One open offer per buyer and listing (the unique index), so racing offers of
-- one buyer leave one. `safety` is the notes' off-platform findings (JSON), computed when written as a message's.
CREATE TABLE offers (
  id TEXT PRIMARY KEY,
  mobile_id TEXT NOT NULL,
  seller_id TEXT,
  seller_name TEXT NOT NULL,
  buyer_email TEXT NOT NULL,
  buyer_name TEXT NOT NULL,
  mobile_name TEXT NOT NULL,
  picture TEXT NOT NULL,
  asking_cents INTEGER NOT NULL CHECK (asking_cents > 0),
  amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
  counter_cents INTEGER CHECK (counter_cents > 0),
  status TEXT NOT NULL
    CHECK (status IN ('awaiting_card', 'pending', 'countered', 'accepted', 'declined', 'withdrawn', 'expired', 'voided')),
  ended_reason TEXT
    CHECK (ended_reason IN ('declined', 'counter_declined', 'below_floor', 'withdrawn', 'expired', 'sold_elsewhere', 'listing_removed')),
  text TEXT,
  counter_text TEXT,
  safety TEXT NOT NULL DEFAULT '[]',
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  authorized_at TEXT,
  ended_at TEXT,
  -- the offer's current live authorization (the counter's, once the buyer paid it)
  transaction_id TEXT,
  booking_id TEXT UNIQUE,
  CHECK ((status = 'accepted') = (booking_id IS NOT NULL))
);
CREATE INDEX offers_open_by_listing ON offers (mobile_id, status);
CREATE INDEX offers_by_buyer ON offers (buyer_email, mobile_id, created_at);
CREATE INDEX offers_by_seller ON offers (seller_id, created_at);
CREATE INDEX offers_open_by_expiry ON offers (expires_at) WHERE status IN ('awaiting_card', 'pending', 'countered');
CREATE UNIQUE INDEX offers_one_open ON offers (mobile_id, buyer_email)
  WHERE status IN ('awaiting_card', 'pending', 'countered');

-- Each card authorization an offer was paid with: live while it may still become the deal; used once it did (the
-- booking's payment row takes over); releasing while one process lets it go (claimed_at: a claim older than 5
-- minutes is retried), released once the processor was told. Exactly once across processes: the claim is a
-- conditional UPDATE.
CREATE TABLE offer_authorizations (
  transaction_id TEXT PRIMARY KEY,
  offer_id TEXT NOT NULL REFERENCES offers (id),
  amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
  state TEXT NOT NULL CHECK (state IN ('live', 'used', 'releasing', 'released')),
  authorized_at TEXT NOT NULL,
  claimed_at TEXT,
  released_at TEXT
);
CREATE INDEX offer_authorizations_by_offer ON offer_authorizations (offer_id);
CREATE INDEX offer_authorizations_unreleased ON offer_authorizations (state) WHERE state IN ('live', 'releasing');

-- The seller's automatic decline floor: offers under it are declined at once, without saying it.
ALTER TABLE mobiles ADD COLUMN offer_floor_cents INTEGER CHECK (offer_floor_cents > 0);

-- The test processor's intents may be made for an offer instead of a booking.
CREATE TABLE test_intents_new (
  id TEXT PRIMARY KEY,
  booking_id TEXT REFERENCES bookings (id) ON DELETE CASCADE,
  offer_id TEXT,
  amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
  currency TEXT NOT NULL,
  client_secret TEXT NOT NULL,
  status TEXT NOT NULL
    CHECK (status IN ('requires_payment_method', 'requires_capture', 'succeeded', 'canceled', 'refunded')),
  created_at TEXT NOT NULL,
  CHECK ((booking_id IS NULL) != (offer_id IS NULL))
);
INSERT INTO test_intents_new (id, booking_id, amount_cents, currency, client_secret, status, created_at)
  SELECT id, booking_id, amount_cents, currency, client_secret, status, created_at FROM test_intents;
DROP TABLE test_intents;
ALTER TABLE test_intents_new RENAME TO test_intents;
CREATE INDEX test_intents_by_booking ON test_intents (booking_id);
CREATE INDEX test_intents_by_offer ON test_intents (offer_id);

-- The bell's kinds gain the offer_* kinds; SQLite cannot change a CHECK in place, so the table is rebuilt as 030
-- left it.
CREATE TABLE notifications_034 (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('message', 'booking', 'card_held', 'deal_expiring', 'handover_completed',
    'deal_cancelled', 'deal_declined', 'deal_expired', 'listing_removed', 'report_resolved', 'seller_verified',
    'review_received', 'review_published', 'review_hidden', 'meetup_reminder', 'offer_received', 'offer_countered',
    'offer_accepted', 'offer_declined', 'offer_withdrawn', 'offer_expired', 'offer_voided')),
  text TEXT NOT NULL,
  mobile_id TEXT,
  title TEXT,
  link TEXT NOT NULL,
  read_at TEXT,
  created_at TEXT NOT NULL,
  CHECK ((mobile_id IS NULL) = (title IS NULL))
);
INSERT INTO notifications_034 (seq, id, user_id, kind, text, mobile_id, title, link, read_at, created_at)
  SELECT seq, id, user_id, kind, text, mobile_id, title, link, read_at, created_at FROM notifications;
DROP TABLE notifications;
ALTER TABLE notifications_034 RENAME TO notifications;
CREATE INDEX notifications_of_user ON notifications (user_id, seq DESC);
CREATE INDEX notifications_unread ON notifications (user_id) WHERE read_at IS NULL;
