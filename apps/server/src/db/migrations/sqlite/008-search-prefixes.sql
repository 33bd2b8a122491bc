-- Words typed as the start of a word ("galax s2", and every word of a search, since the box searches as you
-- type) were expanded by FTS5 term by term at each query: "galaxy s22" spent 27 ms of its count on that at
-- 1,000,000 listings. A prefix index of the first 2 to 6 characters answers such a word like a whole one (the
-- count: 1.3 ms). Longer prefixes name few words and stay cheap without one. The index is made anew once; the
-- triggers of 004 that keep it in step name it in their bodies, so they keep working on the new table.
DROP TABLE mobiles_fts;
CREATE VIRTUAL TABLE mobiles_fts USING fts5(
  title, details,
  content = 'mobiles', content_rowid = 'rowid',
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '2 3 4 5 6'
);
INSERT INTO mobiles_fts (mobiles_fts) VALUES ('rebuild');
