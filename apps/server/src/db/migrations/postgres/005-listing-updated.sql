-- As sqlite/005: when a listing's public page last changed (the sitemap's <lastmod>), set on every change to
-- what the page shows, whatever path the write takes; NULL until the first such change.
ALTER TABLE mobiles ADD COLUMN updated_at TEXT;
CREATE FUNCTION mobiles_touch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.updated_at := to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
  RETURN NEW;
END $$;
CREATE TRIGGER mobiles_updated_at BEFORE UPDATE OF title, picture, location, resale_cents, condition, details, stock
ON mobiles FOR EACH ROW EXECUTE FUNCTION mobiles_touch();
