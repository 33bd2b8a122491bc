-- The buyer's claims (issue 48) and who uploaded each picture: the same tables and meanings as sqlite/036-claims.sql.
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

CREATE TABLE picture_uploads (
  name TEXT PRIMARY KEY,
  owner_id TEXT NOT NULL,
  created_at TEXT NOT NULL
);
