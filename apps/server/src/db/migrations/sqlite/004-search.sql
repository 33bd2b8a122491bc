-- Search that scales: a full-text index over the words people type (title and details: brand, model, storage),
-- kept in step with mobiles by triggers, and indexes that serve every filter and sort of a category page.
-- External content: the index stores no second copy of the text, only the words, keyed by mobiles' rowid
-- (stable: this database is never VACUUMed).
CREATE VIRTUAL TABLE mobiles_fts USING fts5(
  title, details,
  content = 'mobiles', content_rowid = 'rowid',
  tokenize = 'unicode61 remove_diacritics 2'
);
INSERT INTO mobiles_fts (mobiles_fts) VALUES ('rebuild');

CREATE TRIGGER mobiles_fts_insert AFTER INSERT ON mobiles BEGIN
  INSERT INTO mobiles_fts (rowid, title, details) VALUES (NEW.rowid, NEW.title, NEW.details);
END;
CREATE TRIGGER mobiles_fts_delete AFTER DELETE ON mobiles BEGIN
  INSERT INTO mobiles_fts (mobiles_fts, rowid, title, details) VALUES ('delete', OLD.rowid, OLD.title, OLD.details);
END;
CREATE TRIGGER mobiles_fts_update AFTER UPDATE OF title, details ON mobiles BEGIN
  INSERT INTO mobiles_fts (mobiles_fts, rowid, title, details) VALUES ('delete', OLD.rowid, OLD.title, OLD.details);
  INSERT INTO mobiles_fts (rowid, title, details) VALUES (NEW.rowid, NEW.title, NEW.details);
END;

-- category + condition + price (the filter chips), and every sort with and without a condition.
CREATE INDEX mobiles_by_category_condition_price ON mobiles (category_id, condition, resale_cents);
CREATE INDEX mobiles_by_category_condition_posted ON mobiles (category_id, condition, posted_at DESC);
-- Search across every brand (the navbar box) sorts by the same keys without a category.
CREATE INDEX mobiles_by_posted ON mobiles (posted_at DESC);
CREATE INDEX mobiles_by_price ON mobiles (resale_cents);
