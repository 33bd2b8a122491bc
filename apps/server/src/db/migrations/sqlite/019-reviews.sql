-- Reviews (issue 24). The buyer's handover checklist, recorded with the deal when the seller enters the code:
-- NULL where the deal completed without it (before this migration, or by the processor's word alone).
ALTER TABLE bookings ADD COLUMN handover_imei_matched INTEGER CHECK (handover_imei_matched IN (0, 1));
ALTER TABLE bookings ADD COLUMN handover_condition_matched INTEGER CHECK (handover_condition_matched IN (0, 1));
ALTER TABLE bookings ADD COLUMN handover_signed_out INTEGER CHECK (handover_signed_out IN (0, 1));

-- One review per completed deal and author (the buyer of the seller, the seller of the buyer). Double-blind:
-- `published_at` is set when the second party writes; until then (or until `window_closes_at` on the deal clock)
-- only its author sees it. A rating is computed from the published, not hidden rows each time it is read, so it
-- is always exact. Stars and lengths: @recell/api's reviews.ts (REVIEW_STARS_MIN/MAX, REVIEW_TEXT_MAX).
CREATE TABLE reviews (
  id TEXT PRIMARY KEY,
  booking_id TEXT NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
  author_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  subject_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  about TEXT NOT NULL CHECK (about IN ('seller', 'buyer')),
  stars INTEGER NOT NULL CHECK (stars BETWEEN 1 AND 5),
  text TEXT CHECK (length(text) <= 1000),
  created_at TEXT NOT NULL,
  window_closes_at TEXT NOT NULL,
  published_at TEXT,
  hidden_at TEXT,
  hidden_reason TEXT,
  hidden_by TEXT,
  CHECK (author_id <> subject_id),
  UNIQUE (booking_id, author_id)
);
CREATE INDEX reviews_of_subject ON reviews (subject_id, about, created_at DESC);

-- The reviewed person's one public answer: the key makes it once.
CREATE TABLE review_replies (
  review_id TEXT PRIMARY KEY REFERENCES reviews (id) ON DELETE CASCADE,
  text TEXT NOT NULL CHECK (length(text) BETWEEN 1 AND 1000),
  replied_at TEXT NOT NULL
);

-- A party's report of a review, for an admin to read before hiding it; once per review and reporter.
CREATE TABLE review_reports (
  id TEXT PRIMARY KEY,
  review_id TEXT NOT NULL REFERENCES reviews (id) ON DELETE CASCADE,
  reporter_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  reason TEXT NOT NULL,
  created_at TEXT NOT NULL,
  UNIQUE (review_id, reporter_id)
);
