// A listing's picture is one of this site's own: a name the picture pipeline wrote (service.ts, under
// UPLOADS_URL; from the bucket too, which is served at the same URLs), or a seed picture. Anything else would be
// fetched by every link preview of the listing page (og:image) and by the browsers that open it. The contract's
// PicturePath pattern refuses what is not a plain path under /uploads/ (another host, `//`, a backslash, a dot
// segment); this refuses the paths under it that no upload answered.
import { mobiles } from '@recell/api/fixtures';
import { HttpError } from '../../http/errors';
import { UPLOADS_URL } from './service';
import { STORED } from './store';

const SEED_PICTURES = new Set(mobiles.map((mobile) => mobile.picture));
const NOT_OURS = 'must be a picture uploaded with POST /images';

export function isOwnPicture(url: string): boolean {
  if (SEED_PICTURES.has(url)) return true;
  const file = url.startsWith(`${UPLOADS_URL}/`) ? url.slice(UPLOADS_URL.length + 1) : undefined;
  return file !== undefined && STORED.test(file);
}

/**
 * For a listing's new or changed picture (undefined: unchanged), or a message's; a 400 naming the field (`path`,
 * /body/picture by default) otherwise.
 */
export function requireOwnPicture(url: string | undefined, path = '/body/picture'): void {
  if (url === undefined || isOwnPicture(url)) return;
  throw new HttpError(400, `request${path} ${NOT_OURS}`, {
    errors: [{ path, message: NOT_OURS }],
  });
}
