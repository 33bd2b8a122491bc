-- As sqlite/002: a listing taken down keeps its unpaid bookings as cancelled.
ALTER TABLE bookings ADD COLUMN cancelled INTEGER NOT NULL DEFAULT 0 CHECK (cancelled IN (0, 1));
