-- The price guide kept computed (issue 46): one row per model key holding its PriceGuide JSON as
-- modules/prices/service.ts computed it from price_captures at `computed_at` (the deal clock), so a read is one
-- primary-key lookup. A capture recomputes its model's row in the transaction that completes the deal; a read
-- whose row is missing, or whose deal-clock moment is outside [computed_at, fresh_until), recomputes and stores it.
-- fresh_until is the first moment the same captures would give other figures: a 90-day capture turning older, a
-- later capture coming into the window, or the next calendar month (the 12 months' history). Nothing is backfilled:
-- a model's first read computes its row.
CREATE TABLE price_guides (
  model_key TEXT PRIMARY KEY,
  guide TEXT NOT NULL,
  computed_at TEXT NOT NULL,
  fresh_until TEXT NOT NULL,
  CHECK (fresh_until > computed_at)
);
