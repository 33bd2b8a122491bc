-- The seller's rating where buyers compare (issue 24): cards, the listing page and search show it, and search
-- filters on it ("4 stars and up"), so it is stored rather than summed over reviews for every card. One row per
-- seller with published, not hidden reviews as a seller: the sum of their stars and how many. The writes that
-- change it move it in their own transaction, by a delta on this row (modules/reviews/seller-ratings.ts):
-- publication by the second review, publication by the deal clock when the window closes (a job, once per
-- review), a hide, and an author's account deleted. A seller's average is stars_total / review_count; the
-- filter compares integers (stars_total >= 4 * review_count), so no rounding decides who is in.
CREATE TABLE seller_ratings (
  seller_id TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  stars_total INTEGER NOT NULL CHECK (stars_total >= 0),
  review_count INTEGER NOT NULL CHECK (review_count >= 0)
);

-- Reviews still blind, by when their window closes: the publication job reads the due ones off this.
CREATE INDEX reviews_unpublished ON reviews (window_closes_at) WHERE published_at IS NULL;

-- Backfill from the rows published so far. A lone review whose window closed but that nothing published yet is
-- left to the job, which publishes and counts it (the deal clock, which the demo moves, is not known here).
INSERT INTO seller_ratings (seller_id, stars_total, review_count)
  SELECT subject_id, SUM(stars), COUNT(*) FROM reviews
  WHERE about = 'seller' AND published_at IS NOT NULL AND hidden_at IS NULL
  GROUP BY subject_id;
