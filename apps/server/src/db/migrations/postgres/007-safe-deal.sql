-- As sqlite/007 (the safe deal): the deal's state on the booking, the money's state on the payment, and the
-- test processor's manual-capture states.
ALTER TABLE bookings ADD COLUMN status TEXT NOT NULL DEFAULT 'unpaid'
  CHECK (status IN ('unpaid', 'held', 'completed', 'cancelled', 'declined', 'expired'));
UPDATE bookings SET status = CASE WHEN paid = 1 THEN 'completed' WHEN cancelled = 1 THEN 'cancelled' ELSE 'unpaid' END;
ALTER TABLE bookings ADD COLUMN transaction_id TEXT;
ALTER TABLE bookings ADD COLUMN held_at TEXT;
ALTER TABLE bookings ADD COLUMN hold_expires_at TEXT;
ALTER TABLE bookings ADD COLUMN handover_attempts INTEGER NOT NULL DEFAULT 0 CHECK (handover_attempts BETWEEN 0 AND 5);
ALTER TABLE bookings ADD COLUMN not_as_described INTEGER NOT NULL DEFAULT 0 CHECK (not_as_described IN (0, 1));
ALTER TABLE bookings ADD COLUMN completed_at TEXT;
ALTER TABLE bookings ADD COLUMN ended_at TEXT;
CREATE INDEX bookings_held_by_expiry ON bookings (hold_expires_at) WHERE status = 'held';

ALTER TABLE payments ADD COLUMN status TEXT NOT NULL DEFAULT 'captured' CHECK (status IN ('held', 'captured', 'voided'));
CREATE INDEX payments_held ON payments (booking_id) WHERE status = 'held';

ALTER TABLE test_intents DROP CONSTRAINT test_intents_status_check;
ALTER TABLE test_intents ADD CONSTRAINT test_intents_status_check
  CHECK (status IN ('requires_payment_method', 'requires_capture', 'succeeded', 'canceled', 'refunded'));
