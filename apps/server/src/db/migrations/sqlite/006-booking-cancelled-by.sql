-- Who called a booking off: 'listing' (the listing was taken down, as 002 did) or 'buyer' (cancelBooking).
ALTER TABLE bookings ADD COLUMN cancelled_by TEXT CHECK (cancelled_by IN ('listing', 'buyer'));
UPDATE bookings SET cancelled_by = 'listing' WHERE cancelled = 1;
