-- The buyer's claims (issue 48): within CLAIM_RULES.windowHours of the handover the buyer reports a hidden failure
-- (the contract's ClaimKind), or the automatic IMEI re-check finds the phone blocked (opened_by device_check); the
-- claim holds the seller's earning (035) until an admin refunds the buyer or releases it. One claim per deal (the
-- unique booking_id), open or decided. Names and the listing's title are kept as they were: a claim outlives the
-- accounts and the listing (no foreign keys, as earnings have none). `transaction_id` is the captured payment a
-- refund gives back; refund_state 'pending' is a refund decided but not yet told to the processor: the job retries
-- it with the claim id as the idempotency key, so the buyer is refunded once.
CREATE TABLE claims (
  id TEXT PRIMARY KEY,
  booking_id TEXT NOT NULL UNIQUE,
  earning_id TEXT,
  buyer_email TEXT NOT NULL,
  buyer_name TEXT NOT NULL,
  seller_id TEXT,
  seller_name TEXT NOT NULL,
  mobile_id TEXT NOT NULL,
  mobile_name TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('activation_lock', 'imei_blocked', 'network_locked', 'no_power')),
  text TEXT NOT NULL,
  -- JSON: the buyer's own uploads (picture_uploads)
  pictures TEXT NOT NULL DEFAULT '[]',
  status TEXT NOT NULL CHECK (status IN ('open', 'refunded', 'released')),
  opened_by TEXT NOT NULL CHECK (opened_by IN ('buyer', 'device_check')),
  amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
  transaction_id TEXT NOT NULL,
  created_at TEXT NOT NULL,
  decided_at TEXT,
  decided_by TEXT,
  decision_reason TEXT,
  refund_state TEXT NOT NULL DEFAULT 'none' CHECK (refund_state IN ('none', 'pending', 'done')),
  CHECK ((status = 'open') = (decided_at IS NULL)),
  CHECK ((refund_state = 'none') = (status <> 'refunded'))
);
CREATE INDEX claims_queue ON claims (status, created_at);
CREATE INDEX claims_refund_pending ON claims (refund_state) WHERE refund_state = 'pending';

-- Who uploaded each picture (POST /images): a claim carries only pictures its buyer uploaded. Uploads before this
-- migration have no row (listing pictures are checked as the site's own, not by owner).
CREATE TABLE picture_uploads (
  name TEXT PRIMARY KEY,
  owner_id TEXT NOT NULL,
  created_at TEXT NOT NULL
);
