-- The safe deal (issue 14): paying authorizes the card (a hold) and the seller captures it at the meetup with the
-- buyer's handover code. `status` is the deal's state; `paid` (completed) and `cancelled` (cancelled, declined,
-- expired) stay in step with it, so the open-booking index and older readers keep their meaning.
ALTER TABLE bookings ADD COLUMN status TEXT NOT NULL DEFAULT 'unpaid'
  CHECK (status IN ('unpaid', 'held', 'completed', 'cancelled', 'declined', 'expired'));
UPDATE bookings SET status = CASE WHEN paid = 1 THEN 'completed' WHEN cancelled = 1 THEN 'cancelled' ELSE 'unpaid' END;
ALTER TABLE bookings ADD COLUMN transaction_id TEXT;
ALTER TABLE bookings ADD COLUMN held_at TEXT;
ALTER TABLE bookings ADD COLUMN hold_expires_at TEXT;
-- Wrong handover codes entered; 5 lock the handover. The code itself is never stored (derived with a secret).
ALTER TABLE bookings ADD COLUMN handover_attempts INTEGER NOT NULL DEFAULT 0 CHECK (handover_attempts BETWEEN 0 AND 5);
ALTER TABLE bookings ADD COLUMN not_as_described INTEGER NOT NULL DEFAULT 0 CHECK (not_as_described IN (0, 1));
ALTER TABLE bookings ADD COLUMN completed_at TEXT;
ALTER TABLE bookings ADD COLUMN ended_at TEXT;
CREATE INDEX bookings_held_by_expiry ON bookings (hold_expires_at) WHERE status = 'held';

-- Where the money is at the processor: held (authorized), captured, or voided. A row whose booking says otherwise
-- (completed but still held; ended but still held) is work the reconciliation job finishes.
ALTER TABLE payments ADD COLUMN status TEXT NOT NULL DEFAULT 'captured' CHECK (status IN ('held', 'captured', 'voided'));
CREATE INDEX payments_held ON payments (booking_id) WHERE status = 'held';

-- The test processor gains Stripe's manual-capture states: requires_capture, then succeeded or canceled.
CREATE TABLE test_intents_new (
  id TEXT PRIMARY KEY,
  booking_id TEXT NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
  amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
  currency TEXT NOT NULL,
  client_secret TEXT NOT NULL,
  status TEXT NOT NULL
    CHECK (status IN ('requires_payment_method', 'requires_capture', 'succeeded', 'canceled', 'refunded')),
  created_at TEXT NOT NULL
);
INSERT INTO test_intents_new (id, booking_id, amount_cents, currency, client_secret, status, created_at)
  SELECT id, booking_id, amount_cents, currency, client_secret, status, created_at FROM test_intents;
DROP TABLE test_intents;
ALTER TABLE test_intents_new RENAME TO test_intents;
CREATE INDEX test_intents_by_booking ON test_intents (booking_id);
