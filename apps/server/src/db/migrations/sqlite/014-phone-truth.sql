-- Phone truth (issue 26). One IMEI, one active listing: a listing holds its IMEI until a deal on it completes
-- (the phone was sold through ReCell: `imei_released`), or until the listing is deleted; the partial unique index
-- refuses a second holder, so two sellers racing for one IMEI end with one listing.
ALTER TABLE mobiles ADD COLUMN imei_released INTEGER NOT NULL DEFAULT 0 CHECK (imei_released IN (0, 1));
UPDATE mobiles SET imei_released = 1
WHERE imei IS NOT NULL AND EXISTS (SELECT 1 FROM bookings b WHERE b.mobile_id = mobiles.id AND b.status = 'completed');
-- Listings made before the rule that share an IMEI: the oldest keeps it, the later ones let it go and are filed
-- for moderation (nothing is deleted by a migration).
INSERT INTO reports (id, mobile_id, mobile_name, reason, reporter_email, created_at, status)
SELECT 'r-imei-' || id, id, title, 'Same IMEI as an older listing (found when one IMEI, one listing began)',
  'imei-check@recell.invalid', strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), 'open'
FROM mobiles
WHERE imei IS NOT NULL AND imei_released = 0 AND EXISTS (
  SELECT 1 FROM mobiles older WHERE older.imei = mobiles.imei AND older.imei_released = 0
    AND (older.posted_at < mobiles.posted_at OR (older.posted_at = mobiles.posted_at AND older.id < mobiles.id)));
UPDATE mobiles SET imei_released = 1 WHERE id IN (SELECT mobile_id FROM reports WHERE id = 'r-imei-' || mobile_id);
CREATE UNIQUE INDEX mobiles_one_active_imei ON mobiles (imei) WHERE imei IS NOT NULL AND imei_released = 0;
-- Every listing that carried an IMEI (the admin's IMEI page; a returning phone).
CREATE INDEX mobiles_by_imei ON mobiles (imei) WHERE imei IS NOT NULL;

-- The device's status when last checked: only the verdict, where from and when (never a provider's payload).
-- NULL status: never checked; 'unknown': the source did not answer (re-checked by the job).
ALTER TABLE mobiles ADD COLUMN device_status TEXT CHECK (device_status IN ('clean', 'blocked', 'unknown'));
ALTER TABLE mobiles ADD COLUMN device_source TEXT CHECK (device_source IN ('recell', 'provider'));
ALTER TABLE mobiles ADD COLUMN device_checked_at TEXT;
-- What the IMEI's TAC says about the listed model: match (with the model's name), mismatch (with the name the
-- IMEI gives) or unknown (the table does not know the TAC yet); NULL for a listing without an IMEI.
ALTER TABLE mobiles ADD COLUMN imei_model TEXT CHECK (imei_model IN ('match', 'mismatch', 'unknown'));
ALTER TABLE mobiles ADD COLUMN imei_model_name TEXT;
CREATE INDEX mobiles_device_unchecked ON mobiles (device_checked_at) WHERE device_status = 'unknown';

-- A held deal voided at the handover because the device was blocked: the buyer's booking says why.
ALTER TABLE bookings ADD COLUMN device_blocked INTEGER NOT NULL DEFAULT 0 CHECK (device_blocked IN (0, 1));

-- ReCell's own registry: an admin's (or an upheld stolen-device report's) last word on an IMEI. Its history is
-- the audit log (target: the IMEI).
CREATE TABLE imei_marks (
  imei TEXT PRIMARY KEY,
  status TEXT NOT NULL CHECK (status IN ('blocked', 'clean')),
  reason TEXT NOT NULL,
  marked_by TEXT NOT NULL,
  marked_at TEXT NOT NULL
);

-- TAC rows learned from listings an admin confirmed and from handovers where the buyer confirmed the IMEI; the
-- shipped table (modules/phone-truth/tac-table.json) answers first.
CREATE TABLE tac_models (
  tac TEXT PRIMARY KEY CHECK (length(tac) = 8),
  category_id TEXT NOT NULL REFERENCES categories (id),
  model TEXT NOT NULL,
  source TEXT NOT NULL CHECK (source IN ('listing', 'handover')),
  mobile_id TEXT NOT NULL,
  learned_at TEXT NOT NULL
);
