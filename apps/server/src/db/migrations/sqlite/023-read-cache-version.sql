-- Nothing on SQLite: one process owns the file and its read cache is emptied by its own writes (src/db/sqlite.ts).
-- The number is kept so both engines' migrations stay in step (postgres/023 adds the read cache's version).
SELECT 1;
