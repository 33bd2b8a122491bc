// Uploaded pictures that nothing uses are deleted after a grace period. A seller uploads the picture first and
// submits the listing after, so a fresh upload is always kept: only files older than the grace period (by
// their modification time) whose name no listing, booking or wishlist entry references are removed, with their
// thumbnails. Safe to run any number of times, and from several places at once.
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from 'pino';
import type { Database } from '../../db/connection';
import { picturesRepository, type PicturesRepository } from './repository';

/** Files this module writes: `<32 hex>.webp` and `<32 hex>-480.webp`; anything else in the dir is left alone. */
const STORED = /^([0-9a-f]{32})(?:-\d+)?\.webp$/;
export const GRACE_MS = 24 * 60 * 60 * 1000;
export const SWEEP_EVERY_MS = 60 * 60 * 1000;

/** Removes unused uploads older than the grace period; answers the file names it removed. */
export async function sweepUnusedPictures(options: {
  uploadsDir: string;
  repository: PicturesRepository;
  graceMs?: number;
  now?: number;
}): Promise<string[]> {
  const cutoff = (options.now ?? Date.now()) - (options.graceMs ?? GRACE_MS);
  const old: { file: string; name: string }[] = [];
  for (const file of await readdir(options.uploadsDir)) {
    const name = STORED.exec(file)?.[1];
    if (!name) continue;
    // Gone already (another sweep got there first): nothing to do.
    const info = await stat(join(options.uploadsDir, file)).catch(() => undefined);
    if (info && info.mtimeMs < cutoff) old.push({ file, name });
  }
  if (old.length === 0) return [];
  // Read after listing the files: a reference written meanwhile is seen, so a picture just used is kept.
  const used = await options.repository.referencedUploads();
  const removed: string[] = [];
  for (const { file, name } of old) {
    if (used.has(name)) continue;
    await rm(join(options.uploadsDir, file), { force: true });
    removed.push(file);
  }
  return removed;
}

/** Sweeps now and then every `everyMs`, on a timer that does not keep the process alive; answers stop(). */
export function startPictureSweep(options: {
  uploadsDir: string;
  db: Database;
  logger?: Logger | undefined;
  graceMs?: number;
  everyMs?: number;
}): () => void {
  const repository = picturesRepository(options.db);
  let running = false;
  const sweep = () => {
    // A slow sweep (a huge directory) is not overlapped by the next tick.
    if (running) return;
    running = true;
    sweepUnusedPictures({ uploadsDir: options.uploadsDir, repository, graceMs: options.graceMs })
      .then(
        (removed) => {
          if (removed.length > 0)
            options.logger?.info({ removed: removed.length }, 'removed unused pictures');
        },
        (error: unknown) =>
          options.logger?.warn({ err: error }, 'picture sweep failed; the next one retries'),
      )
      .finally(() => {
        running = false;
      });
  };
  sweep();
  const timer = setInterval(sweep, options.everyMs ?? SWEEP_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
