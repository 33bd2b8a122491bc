// Listing pictures: the type is read from the bytes (never the client's claim), the picture is decoded and
// re-encoded by sharp (auto-rotated, metadata and GPS dropped, at most 1600 px, plus a 480 px thumbnail, WebP),
// and stored under a generated name.
import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { HttpError } from '../../http/errors';

export const MAX_PICTURE_BYTES = 5 * 1024 * 1024;
export const UPLOADS_URL = '/uploads';
const FULL = 1600;
const THUMBNAIL = 480;
const UNSUPPORTED = 'Upload a JPEG, PNG or WebP picture';

/** The picture type from its first bytes (magic numbers), or undefined. */
export function sniffPictureType(bytes: Buffer): 'jpeg' | 'png' | 'webp' | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  ) {
    return 'webp';
  }
  return undefined;
}

export function picturesService(uploadsDir: string) {
  return {
    async store(bytes: Buffer) {
      if (!sniffPictureType(bytes)) throw new HttpError(415, UNSUPPORTED);
      // limitInputPixels refuses decompression bombs; failOn 'error' refuses truncated or corrupt files.
      const input = () => sharp(bytes, { limitInputPixels: 50_000_000, failOn: 'error' }).rotate();
      const name = randomBytes(16).toString('hex');
      try {
        const full = await input()
          .resize({ width: FULL, height: FULL, fit: 'inside', withoutEnlargement: true })
          .webp({ quality: 82 })
          .toBuffer({ resolveWithObject: true });
        const thumbnail = await input()
          .resize({ width: THUMBNAIL, height: THUMBNAIL, fit: 'inside', withoutEnlargement: true })
          .webp({ quality: 78 })
          .toBuffer();
        await writeFile(join(uploadsDir, `${name}.webp`), full.data, { flag: 'wx' });
        await writeFile(join(uploadsDir, `${name}-${THUMBNAIL}.webp`), thumbnail, { flag: 'wx' });
        return {
          success: true as const,
          data: {
            url: `${UPLOADS_URL}/${name}.webp`,
            thumbnailUrl: `${UPLOADS_URL}/${name}-${THUMBNAIL}.webp`,
            width: full.info.width,
            height: full.info.height,
          },
        };
      } catch (error) {
        if (error instanceof HttpError) throw error;
        throw new HttpError(415, `${UNSUPPORTED}; this file could not be read as a picture`);
      }
    },
  };
}

export type PicturesService = ReturnType<typeof picturesService>;
