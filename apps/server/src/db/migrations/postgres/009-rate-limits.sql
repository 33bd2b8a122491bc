-- Rate limits counted across every server process (http/rate-limit-store.ts): hits in the window of each key
-- (limiter name and caller), and when the window ends (ms since the epoch).
CREATE TABLE rate_limits (
  key TEXT PRIMARY KEY,
  hits INTEGER NOT NULL,
  reset_at BIGINT NOT NULL
);
