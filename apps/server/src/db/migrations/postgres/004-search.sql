-- As sqlite/004 (search that scales): the words of title and details in a full-text index kept in step by
-- PostgreSQL itself (a stored generated column), and the indexes that serve every filter and sort. The words
-- are kept as typed, lower-cased and without accents ("Rédmi" is found as "redmi"), as SQLite's unicode61
-- tokenizer with remove_diacritics does: 'simple' (no stemming, no stop words) after 'unaccent'.
CREATE EXTENSION IF NOT EXISTS unaccent;
CREATE TEXT SEARCH CONFIGURATION recell_words (COPY = simple);
ALTER TEXT SEARCH CONFIGURATION recell_words
  ALTER MAPPING FOR asciiword, asciihword, hword_asciipart, word, hword, hword_part WITH unaccent, simple;
ALTER TABLE mobiles ADD COLUMN words tsvector
  GENERATED ALWAYS AS (to_tsvector('recell_words'::regconfig, title || ' ' || details)) STORED;
CREATE INDEX mobiles_words ON mobiles USING gin (words);

CREATE INDEX mobiles_by_category_condition_price ON mobiles (category_id, condition, resale_cents);
CREATE INDEX mobiles_by_category_condition_posted ON mobiles (category_id, condition, posted_at DESC);
CREATE INDEX mobiles_by_posted ON mobiles (posted_at DESC);
CREATE INDEX mobiles_by_price ON mobiles (resale_cents);
