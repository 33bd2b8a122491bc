-- A listing taken down keeps its unpaid bookings as cancelled (the buyer still sees them, and cannot pay),
-- where 001 deleted them.
ALTER TABLE bookings ADD COLUMN cancelled INTEGER NOT NULL DEFAULT 0 CHECK (cancelled IN (0, 1));
