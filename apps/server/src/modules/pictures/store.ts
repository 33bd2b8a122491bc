// Where uploaded pictures are kept: a folder under the data dir (one server, `npm start`), or an S3-compatible
// bucket (s3-store.ts) when S3_BUCKET is set, so that several server processes share them. Either way the URL a
// listing stores is `/uploads/<name>` on the server's own origin: the web app and the CSP do not change, and
// neither do stored URLs when a deployment moves from the folder to a bucket (after copying the files over).
import { readdir, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import express, { type RequestHandler } from 'express';

/** Names are generated, so a file never changes: browsers and caches keep it for a year without asking again. */
export const LONG_CACHE = {
  immutable: true,
  maxAge: '365d',
  index: false,
  dotfiles: 'deny',
  fallthrough: false,
} as const;
export const LONG_CACHE_HEADER = 'public, max-age=31536000, immutable';

/** Files this module writes: `<32 hex>.webp` and `<32 hex>-480.webp`; nothing else is served or swept. */
export const STORED = /^([0-9a-f]{32})(?:-\d+)?\.webp$/;

export interface StoredFile {
  file: string;
  modifiedMs: number;
}

export interface PictureStore {
  /** Writes a new file; the name is new (128 random bits), so an existing one is never overwritten. */
  put(file: string, bytes: Buffer, contentType: string): Promise<void>;
  /** Every file in the store, with its last write time (the sweep's clock). */
  list(): AsyncIterable<StoredFile>;
  /** Deletes the files; one already gone is not an error. */
  remove(files: string[]): Promise<void>;
  /** Answers GET and HEAD under /uploads/ with the file and long cache headers, or 404. */
  serve(): RequestHandler;
}

/** The local folder: today's behaviour, served by express.static. */
export function localPictureStore(dir: string): PictureStore {
  return {
    async put(file, bytes) {
      await writeFile(join(dir, file), bytes, { flag: 'wx' });
    },
    async *list() {
      for (const file of await readdir(dir)) {
        // Gone already (another sweep got there first): nothing to list.
        const info = await stat(join(dir, file)).catch(() => undefined);
        if (info?.isFile()) yield { file, modifiedMs: info.mtimeMs };
      }
    },
    async remove(files) {
      for (const file of files) await rm(join(dir, file), { force: true });
    },
    serve: () => express.static(dir, LONG_CACHE),
  };
}
