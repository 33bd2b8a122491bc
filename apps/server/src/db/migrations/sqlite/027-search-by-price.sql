-- Words with a price order (issue 28). FTS5 hands out its matches in rowid order only, so "ultra 256gb" on a
-- category page sorted by price had to list every match of the words (33,000 at 1,000,000 listings, 17 ms) to
-- check the price index's rows against them. This second index keys each listing by its price: rowid =
-- resale_cents * 2^34 + the listing's rowid (prices are at most 10^8 cents, 003-integrity.sql: under 2^27, so the
-- key stays under 2^61), and read in rowid order its matches come cheapest first (ties by the listing's rowid,
-- as the search orders them); a price range is a rowid range. The category and the condition are words in a
-- column of their own, which the words people type cannot reach (searches name only title and details): c<hex
-- of the category id>, q<condition>, and both in one word (c3032qgood), so a page of the cheapest Good Samsungs
-- is read straight off the index and stops at the count's cap. Contentless: the listing's text is in mobiles.
CREATE VIRTUAL TABLE mobiles_by_price_fts USING fts5(
  title, details, facets,
  content = '', contentless_delete = 1,
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '2 3 4 5 6'
);

INSERT INTO mobiles_by_price_fts (rowid, title, details, facets)
SELECT resale_cents * 17179869184 + rowid, title, details,
  'c' || hex(category_id) || ' q' || condition || ' c' || hex(category_id) || 'q' || condition
FROM mobiles;
-- Merged into one segment: as the INSERT leaves it, in many, the same search read 7.7 ms instead of 3.1.
INSERT INTO mobiles_by_price_fts (mobiles_by_price_fts) VALUES ('optimize');

CREATE TRIGGER mobiles_by_price_fts_insert AFTER INSERT ON mobiles BEGIN
  INSERT INTO mobiles_by_price_fts (rowid, title, details, facets)
  VALUES (NEW.resale_cents * 17179869184 + NEW.rowid, NEW.title, NEW.details,
    'c' || hex(NEW.category_id) || ' q' || NEW.condition || ' c' || hex(NEW.category_id) || 'q' || NEW.condition);
END;
CREATE TRIGGER mobiles_by_price_fts_delete AFTER DELETE ON mobiles BEGIN
  DELETE FROM mobiles_by_price_fts WHERE rowid = OLD.resale_cents * 17179869184 + OLD.rowid;
END;
CREATE TRIGGER mobiles_by_price_fts_update
AFTER UPDATE OF title, details, resale_cents, category_id, condition ON mobiles BEGIN
  DELETE FROM mobiles_by_price_fts WHERE rowid = OLD.resale_cents * 17179869184 + OLD.rowid;
  INSERT INTO mobiles_by_price_fts (rowid, title, details, facets)
  VALUES (NEW.resale_cents * 17179869184 + NEW.rowid, NEW.title, NEW.details,
    'c' || hex(NEW.category_id) || ' q' || NEW.condition || ' c' || hex(NEW.category_id) || 'q' || NEW.condition);
END;
