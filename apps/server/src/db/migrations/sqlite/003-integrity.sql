-- One open (unpaid, not cancelled) booking per buyer per listing: a second Book gets the first back. Older
-- duplicates made before this rule are cancelled, the newest kept.
UPDATE bookings SET cancelled = 1
WHERE paid = 0 AND cancelled = 0 AND EXISTS (
  SELECT 1 FROM bookings newer
  WHERE newer.mobile_id = bookings.mobile_id AND newer.buyer_email = bookings.buyer_email
    AND newer.paid = 0 AND newer.cancelled = 0
    AND (newer.booked_at > bookings.booked_at OR (newer.booked_at = bookings.booked_at AND newer.id > bookings.id))
);
CREATE UNIQUE INDEX bookings_one_open ON bookings (mobile_id, buyer_email) WHERE paid = 0 AND cancelled = 0;
CREATE INDEX bookings_open_by_buyer ON bookings (buyer_email) WHERE paid = 0 AND cancelled = 0;

-- SQLite keeps a value of another type in an INTEGER column ('abc' passes CHECK (stock >= 0), since text sorts
-- above numbers): money and stock must be whole numbers in range, whatever path a write takes.
CREATE TRIGGER mobiles_numbers_insert BEFORE INSERT ON mobiles
WHEN typeof(NEW.stock) != 'integer' OR NEW.stock < 0 OR NEW.stock > 1000000
  OR typeof(NEW.resale_cents) != 'integer' OR NEW.resale_cents <= 0 OR NEW.resale_cents > 100000000
  OR typeof(NEW.buying_cents) != 'integer' OR NEW.buying_cents <= 0 OR NEW.buying_cents > 100000000
BEGIN SELECT RAISE(ABORT, 'mobiles: stock and prices must be whole numbers in range'); END;
CREATE TRIGGER mobiles_numbers_update BEFORE UPDATE OF stock, resale_cents, buying_cents ON mobiles
WHEN typeof(NEW.stock) != 'integer' OR NEW.stock < 0 OR NEW.stock > 1000000
  OR typeof(NEW.resale_cents) != 'integer' OR NEW.resale_cents <= 0 OR NEW.resale_cents > 100000000
  OR typeof(NEW.buying_cents) != 'integer' OR NEW.buying_cents <= 0 OR NEW.buying_cents > 100000000
BEGIN SELECT RAISE(ABORT, 'mobiles: stock and prices must be whole numbers in range'); END;
