-- As postgres/009 in number only: on SQLite one process serves everything and counts rate limits in memory
-- (http/rate-limit-store.ts), so there is nothing to store.
SELECT 1;
