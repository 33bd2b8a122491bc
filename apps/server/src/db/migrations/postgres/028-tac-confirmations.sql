-- Phone data nobody can forge (issue 44). A TAC's model was learned from one handover where the seller ticked
-- "the buyer confirmed the IMEI": a seller buying their own phone with a second account could teach any model for
-- a real TAC, for everyone. Now each buyer-witnessed match is kept as a confirmation, with its pair and whether it
-- counts (modules/phone-truth, @recell/api's tac-learning.ts), and a TAC is learned only when enough separate pairs
-- agree; or an admin confirms a model.
CREATE TABLE tac_confirmations (
  id TEXT PRIMARY KEY,
  tac TEXT NOT NULL CHECK (length(tac) = 8),
  mobile_id TEXT NOT NULL,
  category_id TEXT NOT NULL REFERENCES categories (id),
  title TEXT NOT NULL,
  model TEXT NOT NULL,
  -- The pair, kept by id for the rule and by email for the admin's evidence (the email outlives the account).
  buyer_id TEXT NOT NULL,
  seller_id TEXT NOT NULL,
  buyer_email TEXT NOT NULL,
  seller_email TEXT NOT NULL,
  -- Each side's verified number at the deal: one person with two accounts and one number is one person.
  buyer_phone TEXT,
  seller_phone TEXT,
  -- NULL: it counts; otherwise why not, decided at the deal.
  not_counted TEXT CHECK (not_counted IN ('same_person', 'young_account', 'repeat_pair')),
  confirmed_at TEXT NOT NULL
);
CREATE INDEX tac_confirmations_by_tac ON tac_confirmations (tac, confirmed_at);

-- The rows learned from one seller's word are forgotten, and the listings they named go back to "not yet known";
-- the rows an admin confirmed stay, as admin rows. An admin row is never overridden by learning.
UPDATE mobiles SET imei_model = 'unknown', imei_model_name = NULL
WHERE imei IS NOT NULL AND substr(imei, 1, 8) IN (SELECT tac FROM tac_models WHERE source = 'handover');
DELETE FROM tac_models WHERE source = 'handover';
ALTER TABLE tac_models DROP CONSTRAINT tac_models_source_check;
UPDATE tac_models SET source = 'admin';
ALTER TABLE tac_models ADD CONSTRAINT tac_models_source_check CHECK (source IN ('admin', 'learned'));
-- The listing an admin confirmed, for a row made before issue 44 or from a listing's page.
ALTER TABLE tac_models ALTER COLUMN mobile_id DROP NOT NULL;
-- The admin who confirmed it (NULL for a learned row, and for an admin row from before issue 44).
ALTER TABLE tac_models ADD COLUMN decided_by TEXT;
