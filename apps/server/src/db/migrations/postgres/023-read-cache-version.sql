-- The read cache's version (issue 28, src/db/postgres.ts): every write moves it on after it commits, and a
-- cached read is kept under the version it read first, so no process serves an answer older than a write that
-- has returned, whichever process wrote. A sequence, because nextval is never rolled back and never waits for
-- or conflicts with a SERIALIZABLE transaction (a counter row would make every write conflict with every other).
CREATE SEQUENCE read_cache_version;
