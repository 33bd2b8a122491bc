-- Verified seller phones (issue 25): the number a seller confirmed with an SMS code (E.164), and when. Listings
-- show only this number. A number belongs to one account: the partial unique index decides under a race.
-- Nobody is verified by the migration (no number before it was checked); the demo seed verifies its sellers.
ALTER TABLE users ADD COLUMN phone_e164 TEXT CHECK (phone_e164 IS NULL OR phone_e164 ~ '^\+[1-9][0-9]{6,14}$');
ALTER TABLE users ADD COLUMN phone_verified_at TEXT;
ALTER TABLE users ADD CONSTRAINT users_phone_verified CHECK ((phone_e164 IS NULL) = (phone_verified_at IS NULL));
CREATE UNIQUE INDEX users_by_phone ON users (phone_e164) WHERE phone_e164 IS NOT NULL;
