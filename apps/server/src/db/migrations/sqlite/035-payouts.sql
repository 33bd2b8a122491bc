-- The seller's money after the handover (issue 48). One earning per completed deal, written in the completing
-- transaction: pending through the claim window, on hold while a claim is open, available, paying while a payout
-- of it is on its way, paid out, or refunded to the buyer. The statuses and moves are the contract's
-- EarningStatus and EARNING_TRANSITIONS (packages/api's payout-rules.ts). An earning outlives its seller's
-- account (no foreign key, the seller's name kept): nothing erases or doubles an amount.
CREATE TABLE earnings (
  id TEXT PRIMARY KEY,
  booking_id TEXT NOT NULL UNIQUE,
  seller_id TEXT NOT NULL,
  seller_name TEXT,
  buyer_email TEXT COLLATE NOCASE,
  mobile_name TEXT NOT NULL,
  -- the listing's IMEI at the handover, for the re-checks after it; never shown
  imei TEXT,
  amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
  -- the captured payment, for a refund
  transaction_id TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending', 'on_hold', 'available', 'paying', 'paid_out', 'refunded')),
  completed_at TEXT NOT NULL,
  available_at TEXT NOT NULL,
  -- the device status re-checks done after the handover (CLAIM_RULES.recheckAtHours)
  rechecks INTEGER NOT NULL DEFAULT 0 CHECK (rechecks >= 0),
  claim_id TEXT,
  payout_id TEXT,
  paid_out_at TEXT,
  refunded_at TEXT,
  updated_at TEXT NOT NULL,
  -- a payout owns the earning exactly while it is paying or paid out by it
  CHECK ((payout_id IS NOT NULL) = (status IN ('paying', 'paid_out'))),
  CHECK ((paid_out_at IS NOT NULL) = (status = 'paid_out')),
  CHECK ((refunded_at IS NOT NULL) = (status = 'refunded'))
);
CREATE INDEX earnings_by_seller ON earnings (seller_id, status);
CREATE INDEX earnings_maturing ON earnings (status, available_at);
CREATE INDEX earnings_by_payout ON earnings (payout_id);

-- Each seller's account at the payout provider: its onboarding state as last read, what it still needs (JSON
-- array of sentences), the bank account's last four digits (never the number), and the provider's own id.
CREATE TABLE payout_accounts (
  seller_id TEXT PRIMARY KEY,
  provider TEXT NOT NULL CHECK (provider IN ('local', 'stripe')),
  status TEXT NOT NULL CHECK (status IN ('not_started', 'pending', 'verified', 'restricted')),
  holder_name TEXT,
  last4 TEXT,
  account_ref TEXT,
  requirements TEXT NOT NULL DEFAULT '[]',
  verified_at TEXT,
  updated_at TEXT NOT NULL
);

-- A payout pays a seller's available earnings at once. Its idempotency key goes to the provider with every try,
-- so a payout retried after a crash is the same transfer, never a second one. `attempted_at`: when a process
-- last started the provider call (a pending payout older than PAYOUT_RULES.retryAfterSeconds is retried).
CREATE TABLE payouts (
  id TEXT PRIMARY KEY,
  seller_id TEXT NOT NULL,
  seller_name TEXT NOT NULL,
  provider TEXT NOT NULL CHECK (provider IN ('local', 'stripe')),
  account_ref TEXT NOT NULL,
  account_last4 TEXT NOT NULL,
  amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
  earnings_count INTEGER NOT NULL CHECK (earnings_count > 0),
  status TEXT NOT NULL CHECK (status IN ('pending', 'paid', 'failed')),
  idempotency_key TEXT NOT NULL UNIQUE,
  provider_ref TEXT,
  failure_reason TEXT,
  created_at TEXT NOT NULL,
  attempted_at TEXT,
  paid_at TEXT
);
CREATE INDEX payouts_by_seller ON payouts (seller_id, created_at DESC);
CREATE INDEX payouts_by_created ON payouts (created_at DESC);
CREATE INDEX payouts_pending ON payouts (attempted_at) WHERE status = 'pending';

-- The local payout provider's own "bank": written by the provider in its own statement, never in ReCell's
-- payout transaction, as an outside system's ledger would be. One transfer per idempotency key.
CREATE TABLE local_payout_transfers (
  idempotency_key TEXT PRIMARY KEY,
  account_ref TEXT NOT NULL,
  amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
  created_at TEXT NOT NULL
);

-- The local provider's own record of the accounts it was given (its onboarding form's outcome): verified,
-- restricted, or pending until its review (which passes on the next read). Only the last four digits are kept.
CREATE TABLE local_payout_accounts (
  account_ref TEXT PRIMARY KEY,
  holder_name TEXT NOT NULL,
  last4 TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending', 'verified', 'restricted')),
  updated_at TEXT NOT NULL
);

-- Deals completed before this migration whose money was taken (or is being taken: a decided capture the
-- reconciliation finishes): one pending earning each, available 48 hours (CLAIM_RULES.windowHours) after the
-- handover; the maturing job makes the old ones available.
INSERT INTO earnings (id, booking_id, seller_id, seller_name, buyer_email, mobile_name, imei, amount_cents,
  transaction_id, status, completed_at, available_at, updated_at)
SELECT 'ea-' || b.id, b.id, b.seller_id, u.name, b.buyer_email, b.mobile_name, m.imei, b.price_cents,
  COALESCE(p.transaction_id, b.transaction_id), 'pending', b.completed_at,
  strftime('%Y-%m-%dT%H:%M:%fZ', b.completed_at, '+48 hours'), b.completed_at
FROM bookings b
LEFT JOIN payments p ON p.booking_id = b.id
LEFT JOIN users u ON u.id = b.seller_id
LEFT JOIN mobiles m ON m.id = b.mobile_id
WHERE b.status = 'completed' AND b.completed_at IS NOT NULL AND b.seller_id IS NOT NULL
  AND COALESCE(p.status, 'captured') <> 'voided' AND COALESCE(p.transaction_id, b.transaction_id) IS NOT NULL;

-- The bell's kinds gain the claims' and the payout's; SQLite cannot change a CHECK in place, so the table is
-- rebuilt as 034 left it.
CREATE TABLE notifications_035 (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('message', 'booking', 'card_held', 'deal_expiring', 'handover_completed',
    'deal_cancelled', 'deal_declined', 'deal_expired', 'listing_removed', 'report_resolved', 'seller_verified',
    'review_received', 'review_published', 'review_hidden', 'meetup_reminder', 'offer_received', 'offer_countered',
    'offer_accepted', 'offer_declined', 'offer_withdrawn', 'offer_expired', 'offer_voided', 'claim_opened',
    'claim_refunded', 'claim_released', 'payout_paid')),
  text TEXT NOT NULL,
  mobile_id TEXT,
  title TEXT,
  link TEXT NOT NULL,
  read_at TEXT,
  created_at TEXT NOT NULL,
  CHECK ((mobile_id IS NULL) = (title IS NULL))
);
INSERT INTO notifications_035 (seq, id, user_id, kind, text, mobile_id, title, link, read_at, created_at)
  SELECT seq, id, user_id, kind, text, mobile_id, title, link, read_at, created_at FROM notifications;
DROP TABLE notifications;
ALTER TABLE notifications_035 RENAME TO notifications;
CREATE INDEX notifications_of_user ON notifications (user_id, seq DESC);
CREATE INDEX notifications_unread ON notifications (user_id) WHERE read_at IS NULL;
