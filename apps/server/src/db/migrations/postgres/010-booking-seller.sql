-- A booking keeps its seller, and the price it was booked at once the seller lowers it (the buyer pays the lower,
-- booked_cents says what it was; a raise never reaches an open booking). The seller: earnings, My Buyers and a deal's record read the seller from the booking, so a
-- listing removed by its seller or by moderation erases none of them (issue 22). Bookings of listings removed
-- before this migration lost their seller with the listing and keep NULL.
ALTER TABLE bookings ADD COLUMN seller_id TEXT;
ALTER TABLE bookings ADD COLUMN booked_cents INTEGER CHECK (booked_cents > 0);
UPDATE bookings SET seller_id = (SELECT seller_id FROM mobiles WHERE mobiles.id = bookings.mobile_id);
CREATE INDEX bookings_by_seller ON bookings (seller_id, booked_at DESC);
