-- The phone model a listing is of (issue 44): a key of the shipped catalogue (packages/api/src/phone-models.ts),
-- checked by the server before it is written. Optional, so listings made before the model picker, and sellers whose
-- model the catalogue lacks, say nothing. The shape is the contract's ModelKey.
ALTER TABLE mobiles ADD COLUMN model_key TEXT
  CHECK (length(model_key) BETWEEN 1 AND 80 AND model_key ~ '^[a-z0-9]+(-[a-z0-9]+)*$');
