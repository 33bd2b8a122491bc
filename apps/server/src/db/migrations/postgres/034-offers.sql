-- Offers that hold the card (issue 47): the same tables and meanings as sqlite/034-offers.sql.
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

ALTER TABLE mobiles ADD COLUMN offer_floor_cents INTEGER CHECK (offer_floor_cents > 0);

ALTER TABLE test_intents ALTER COLUMN booking_id DROP NOT NULL;
ALTER TABLE test_intents ADD COLUMN offer_id TEXT;
ALTER TABLE test_intents ADD CONSTRAINT test_intents_paid_for CHECK ((booking_id IS NULL) <> (offer_id IS NULL));
CREATE INDEX test_intents_by_offer ON test_intents (offer_id);

ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check CHECK (kind IN ('message', 'booking', 'card_held',
  'deal_expiring', 'handover_completed', 'deal_cancelled', 'deal_declined', 'deal_expired', 'listing_removed',
  'report_resolved', 'seller_verified', 'review_received', 'review_published', 'review_hidden', 'meetup_reminder',
  'offer_received', 'offer_countered', 'offer_accepted', 'offer_declined', 'offer_withdrawn', 'offer_expired',
  'offer_voided'));
