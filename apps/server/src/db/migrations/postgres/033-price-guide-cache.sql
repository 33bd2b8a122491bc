-- The price guide kept computed (issue 46): the same table and meanings as sqlite/033-price-guide-cache.sql.
CREATE TABLE price_guides (
  model_key TEXT PRIMARY KEY,
  guide TEXT NOT NULL,
  computed_at TEXT NOT NULL,
  fresh_until TEXT NOT NULL,
  CHECK (fresh_until > computed_at)
);
