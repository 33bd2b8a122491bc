-- When a listing's page last changed, for the sitemap's <lastmod> (search engines use it only while it is
-- accurate). Set by trigger on every change to what the public page shows, whatever path the write takes; NULL
-- until the first such change, read as posted_at. The trigger's own UPDATE names no watched column, so it
-- does not fire itself or the FTS triggers.
ALTER TABLE mobiles ADD COLUMN updated_at TEXT;
CREATE TRIGGER mobiles_updated_at AFTER UPDATE OF title, picture, location, resale_cents, condition, details, stock
ON mobiles BEGIN
  UPDATE mobiles SET updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE rowid = NEW.rowid;
END;
