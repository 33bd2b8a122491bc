-- As sqlite/003: one open (unpaid, not cancelled) booking per buyer per listing. SQLite needed triggers to keep
-- money and stock whole numbers in range; here the column types do the first, and CHECKs the range.
CREATE UNIQUE INDEX bookings_one_open ON bookings (mobile_id, buyer_email) WHERE paid = 0 AND cancelled = 0;
CREATE INDEX bookings_open_by_buyer ON bookings (buyer_email) WHERE paid = 0 AND cancelled = 0;
ALTER TABLE mobiles ADD CONSTRAINT mobiles_numbers_in_range CHECK (
  stock <= 1000000 AND resale_cents <= 100000000 AND buying_cents <= 100000000
);
