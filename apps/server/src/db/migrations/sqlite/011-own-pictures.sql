-- A picture is one of this site's own (issue 22): a listing page writes it into og:image and a preload, so an
-- address elsewhere (`https://...`, `//host/x`, `/\host/x`) had link previews fetch what a seller chose. From now
-- on the contract's PicturePath and the server refuse them; here rows written before are repaired, in listings and
-- in the copies bookings and wishlist entries keep. An absolute URL keeps its path when that path is one of ours
-- (a client that prefixed the site's origin); anything else that is not a plain path under /uploads/ becomes a seed
-- picture that every deployment serves, so the page shows a phone, not a broken image (the columns are NOT NULL
-- and the contract requires a picture). The seller can replace it by editing the listing.
CREATE TEMP TABLE picture_repair AS
SELECT picture AS old,
  CASE WHEN picture GLOB 'http://*' OR picture GLOB 'https://*' OR picture GLOB '//*'
    THEN substr(substr(picture, instr(picture, '//') + 2), instr(substr(picture, instr(picture, '//') + 2), '/'))
    ELSE picture END AS new
FROM (SELECT picture FROM mobiles UNION SELECT picture FROM bookings UNION SELECT picture FROM wishlist);

-- openapi.yaml's PicturePath, '^/uploads(/[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*)+$', in GLOBs: under /uploads/, only
-- those characters, no empty segment, no segment that starts or ends with a dot, no two dots in a row.
UPDATE picture_repair SET new = '/uploads/seed/m-samsung-s21.svg'
WHERE new NOT GLOB '/uploads/?*' OR new GLOB '*[^A-Za-z0-9._/-]*' OR new GLOB '*//*' OR new GLOB '*/'
  OR new GLOB '*/.*' OR new GLOB '*./*' OR new GLOB '*.' OR new GLOB '*..*';
DELETE FROM picture_repair WHERE new = old;

UPDATE mobiles SET picture = (SELECT new FROM picture_repair WHERE old = mobiles.picture)
WHERE picture IN (SELECT old FROM picture_repair);
UPDATE bookings SET picture = (SELECT new FROM picture_repair WHERE old = bookings.picture)
WHERE picture IN (SELECT old FROM picture_repair);
UPDATE wishlist SET picture = (SELECT new FROM picture_repair WHERE old = wishlist.picture)
WHERE picture IN (SELECT old FROM picture_repair);
DROP TABLE picture_repair;
