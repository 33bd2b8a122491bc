// Listing pictures: the type is read from the bytes (never the client's claim), the size from the header before
// anything is decoded (pixels.ts), then the picture is decoded and re-encoded by sharp (auto-rotated, metadata
// and GPS dropped, at most 1600 px, plus a 480 px thumbnail, WebP), two at a time (gates.ts), and stored under a
// generated name in the folder or the bucket (store.ts). Given the database, it records who uploaded each picture
// (a buyer's claim carries only their own) and starts the sweep of uploads nothing uses (sweep.ts).
import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import sharp from 'sharp';
import type { S3Config } from '../../config';
import type { Database } from '../../db/database';
import { HttpError } from '../../http/errors';
import { slots } from './gates';
import { checkPixels, FULL, maxPixels } from './pixels';
import { s3PictureStore } from './s3-store';
import { picturesRepository } from './repository';
import { localPictureStore, STORED, type PictureStore } from './store';
import { startPictureSweep } from './sweep';

export const MAX_PICTURE_BYTES = 5 * 1024 * 1024;
export const UPLOADS_URL = '/uploads';
export const PROCESSED_AT_ONCE = 2;
const THUMBNAIL = 480;
const UNSUPPORTED = 'Upload a JPEG, PNG or WebP picture';
const UNREADABLE = `${UNSUPPORTED}; this file could not be read as a picture`;

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

const inside = (size: number) =>
  ({ width: size, height: size, fit: 'inside', withoutEnlargement: true }) as const;

/** The bucket when the config names one (S3_BUCKET), the uploads folder under the data dir otherwise. */
export function pictureStore(
  config: { uploadsDir: string; s3: S3Config | undefined },
  logger?: Logger,
): PictureStore {
  return config.s3 ? s3PictureStore(config.s3, { logger }) : localPictureStore(config.uploadsDir);
}

export function picturesService(
  store: PictureStore,
  options: { db?: Database; logger?: Logger; concurrency?: number } = {},
) {
  const processing = slots(options.concurrency ?? PROCESSED_AT_ONCE);
  const owners = options.db ? picturesRepository(options.db) : undefined;
  if (options.db) startPictureSweep({ store, db: options.db, logger: options.logger });

  /** The 1600 px WebP and its thumbnail. The original is decoded once: the thumbnail is made from the WebP. */
  async function encode(bytes: Buffer, format: 'jpeg' | 'png' | 'webp') {
    // limitInputPixels repeats the header check inside sharp; failOn 'error' refuses truncated or corrupt files.
    const full = await sharp(bytes, { limitInputPixels: maxPixels(format), failOn: 'error' })
      .rotate()
      .resize(inside(FULL))
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    const thumbnail = await sharp(full.data).resize(inside(THUMBNAIL)).webp({ quality: 78 }).toBuffer();
    return { full, thumbnail };
  }

  return {
    /** `ownerId`: who uploads it, recorded (with a database) before the answer names the picture. */
    async uploadImage(bytes: Buffer, ownerId?: string) {
      const format = sniffPictureType(bytes);
      if (!format) throw new HttpError(415, UNSUPPORTED);
      // The header only: a 7000x7000 PNG is refused here, before a single pixel of it is decoded.
      const header = await sharp(bytes)
        .metadata()
        .catch(() => undefined);
      if (!header?.width || !header.height) throw new HttpError(415, UNREADABLE);
      checkPixels(format, header.width, header.height);
      const { full, thumbnail } = await processing
        .run(() => encode(bytes, format))
        .catch(() => {
          throw new HttpError(415, UNREADABLE);
        });
      const name = randomBytes(16).toString('hex');
      // Both at once: to a bucket each write is a round trip. One left alone by a failed other is swept later.
      await Promise.all([
        store.put(`${name}.webp`, full.data, 'image/webp'),
        store.put(`${name}-${THUMBNAIL}.webp`, thumbnail, 'image/webp'),
      ]);
      if (owners && ownerId) await owners.recordOwner(name, ownerId, new Date().toISOString());
      return {
        success: true as const,
        data: {
          url: `${UPLOADS_URL}/${name}.webp`,
          thumbnailUrl: `${UPLOADS_URL}/${name}-${THUMBNAIL}.webp`,
          width: full.info.width,
          height: full.info.height,
        },
      };
    },
    /** Of these picture paths (/uploads/<name>.webp, as POST /images answered), the ones `ownerId` uploaded. */
    async ownedBy(ownerId: string, paths: readonly string[]): Promise<Set<string>> {
      const named = paths.flatMap((path) => {
        const file = path.startsWith(`${UPLOADS_URL}/`) ? path.slice(UPLOADS_URL.length + 1) : '';
        const name = STORED.exec(file)?.[1];
        return name ? [{ path, name }] : [];
      });
      const owned = owners
        ? await owners.ownedBy(
            ownerId,
            named.map((one) => one.name),
          )
        : new Set<string>();
      return new Set(named.filter((one) => owned.has(one.name)).map((one) => one.path));
    },
    /** Pictures being encoded now, and waiting for a turn. */
    stats: processing.stats,
    /** GET /uploads/<name>: from the folder or streamed from the bucket. */
    serve: store.serve,
  };
}

export type PicturesService = ReturnType<typeof picturesService>;
