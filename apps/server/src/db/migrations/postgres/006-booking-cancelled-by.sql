-- As sqlite/006: who called a booking off, 'listing' or 'buyer'.
ALTER TABLE bookings ADD COLUMN cancelled_by TEXT CHECK (cancelled_by IN ('listing', 'buyer'));
UPDATE bookings SET cancelled_by = 'listing' WHERE cancelled = 1;
