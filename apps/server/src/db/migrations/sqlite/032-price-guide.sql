-- The price guide (issue 46): one row per captured price, written in the transaction that completes the deal
-- (modules/prices, through the deals module's port), so a deal counts once however often its completion is retried
-- (booking_id is unique). A row keeps the listing as it was at the handover: its model key (the catalogue model,
-- else the model its IMEI's TAC names, else the normalised title), brand, title, storage and condition, and the
-- price the seller captured with the buyer's handover code. Asking prices and deals that did not complete are
-- never written. A deal between two accounts of one person (one account, or one verified number, on both sides)
-- is written with counts = 0 and why (`same_person`), so the evidence stays and the figures leave it out.
-- Demo rows (the seed's fixtures) back no booking: source 'demo'.
CREATE TABLE price_captures (
  id TEXT PRIMARY KEY,
  booking_id TEXT UNIQUE,
  source TEXT NOT NULL CHECK (source IN ('deal', 'demo')),
  model_key TEXT NOT NULL
    CHECK (length(model_key) BETWEEN 1 AND 80 AND model_key NOT GLOB '*[^a-z0-9-]*'),
  category_id TEXT NOT NULL,
  title TEXT NOT NULL,
  storage_gb INTEGER CHECK (storage_gb IN (16, 32, 64, 128, 256, 512, 1024)),
  condition TEXT NOT NULL CHECK (condition IN ('Excellent', 'Good', 'Fair')),
  price_cents INTEGER NOT NULL CHECK (price_cents > 0),
  captured_at TEXT NOT NULL,
  -- the calendar month (UTC) of captured_at: the guide groups by it, in the index's order
  month TEXT NOT NULL CHECK (month = substr(captured_at, 1, 7)),
  counts INTEGER NOT NULL CHECK (counts IN (0, 1)),
  not_counted TEXT CHECK (not_counted IN ('same_person')),
  CHECK ((counts = 1) = (not_counted IS NULL)),
  CHECK ((source = 'deal') = (booking_id IS NOT NULL))
);
-- The guide's read: a model's captures of the last 12 months by month, storage and condition, answered from the
-- index alone and in its order (no sort); and a model's newest capture (its title, when the catalogue lacks it).
CREATE INDEX price_captures_by_model
  ON price_captures (model_key, month, storage_gb, condition, captured_at, counts, price_cents);
CREATE INDEX price_captures_newest ON price_captures (model_key, captured_at);

-- Deals completed before this migration whose listing names a catalogue model. (The TAC's model and the title's
-- key are made by the server's code, not SQL: older deals without a model key are not in the guide.)
INSERT INTO price_captures (id, booking_id, source, model_key, category_id, title, storage_gb, condition, price_cents,
  captured_at, month, counts, not_counted)
SELECT 'pc-' || b.id, b.id, 'deal', m.model_key, m.category_id, b.mobile_name, m.storage_gb, m.condition,
  b.price_cents, b.completed_at, substr(b.completed_at, 1, 7),
  CASE WHEN buyer.id = b.seller_id OR buyer.phone_e164 = seller.phone_e164 THEN 0 ELSE 1 END,
  CASE WHEN buyer.id = b.seller_id OR buyer.phone_e164 = seller.phone_e164 THEN 'same_person' END
FROM bookings b
JOIN mobiles m ON m.id = b.mobile_id
LEFT JOIN users buyer ON buyer.email = b.buyer_email
LEFT JOIN users seller ON seller.id = b.seller_id
WHERE b.status = 'completed' AND b.completed_at IS NOT NULL AND m.model_key IS NOT NULL;
