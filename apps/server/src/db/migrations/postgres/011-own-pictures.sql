-- A picture is one of this site's own (issue 22): a listing page writes it into og:image and a preload, so an
-- address elsewhere (`https://...`, `//host/x`, `/\host/x`) had link previews fetch what a seller chose. From now
-- on the contract's PicturePath and the server refuse them; here rows written before are repaired, in listings and
-- in the copies bookings and wishlist entries keep. An absolute URL keeps its path when that path is one of ours
-- (a client that prefixed the site's origin); anything else that is not a plain path under /uploads/ becomes a seed
-- picture that every deployment serves, so the page shows a phone, not a broken image (the columns are NOT NULL
-- and the contract requires a picture). The seller can replace it by editing the listing.
CREATE TEMP TABLE picture_repair ON COMMIT DROP AS
SELECT old, CASE WHEN stripped ~ '^/uploads(/[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*)+$'
    THEN stripped ELSE '/uploads/seed/m-samsung-s21.svg' END AS new
FROM (
  SELECT picture AS old, regexp_replace(picture, '^(https?:)?//[^/]*', '') AS stripped
  FROM (SELECT picture FROM mobiles UNION SELECT picture FROM bookings UNION SELECT picture FROM wishlist) AS every
) AS pictures;
DELETE FROM picture_repair WHERE new = old;

UPDATE mobiles SET picture = new FROM picture_repair WHERE picture = old;
UPDATE bookings SET picture = new FROM picture_repair WHERE picture = old;
UPDATE wishlist SET picture = new FROM picture_repair WHERE picture = old;
