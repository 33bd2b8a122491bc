-- The buyer's check at the meetup (issue 44): the buyer, on their own screen, types the IMEI the phone shows on
-- *#06# (5 wrong tries, IMEI_CHECK_ATTEMPTS, then locked) and ticks what they saw; or skips the check. The
-- handover code is shown to them only after one or the other. Only this check becomes a review's "Verified
-- handover" (handover_imei_matched and its siblings, written from these at completion); the seller sets none of it.
ALTER TABLE bookings ADD COLUMN buyer_imei_attempts INTEGER NOT NULL DEFAULT 0 CHECK (buyer_imei_attempts BETWEEN 0 AND 5);
ALTER TABLE bookings ADD COLUMN buyer_imei_matched INTEGER NOT NULL DEFAULT 0 CHECK (buyer_imei_matched IN (0, 1));
ALTER TABLE bookings ADD COLUMN buyer_condition_matched INTEGER NOT NULL DEFAULT 0 CHECK (buyer_condition_matched IN (0, 1));
ALTER TABLE bookings ADD COLUMN buyer_signed_out INTEGER NOT NULL DEFAULT 0 CHECK (buyer_signed_out IN (0, 1));
ALTER TABLE bookings ADD COLUMN buyer_check_skipped INTEGER NOT NULL DEFAULT 0 CHECK (buyer_check_skipped IN (0, 1));
