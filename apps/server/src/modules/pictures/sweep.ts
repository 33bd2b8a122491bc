// Uploaded pictures that nothing uses are deleted after a grace period. A seller uploads the picture first and
// submits the listing after, so a fresh upload is always kept: only files older than the grace period (by
// their last write, in the folder or the bucket) whose name no listing, booking or wishlist entry references are
// removed, with their thumbnails. Safe to run any number of times, and from several places (processes) at once.
import type { Logger } from 'pino';
import type { Database } from '../../db/database';
import { picturesRepository, type PicturesRepository } from './repository';
import { STORED, type PictureStore } from './store';

export const GRACE_MS = 24 * 60 * 60 * 1000;
export const SWEEP_EVERY_MS = 60 * 60 * 1000;

/** Removes unused uploads older than the grace period; answers the file names it removed. */
export async function sweepUnusedPictures(options: {
  store: PictureStore;
  repository: PicturesRepository;
  graceMs?: number;
  now?: number;
}): Promise<string[]> {
  const cutoff = (options.now ?? Date.now()) - (options.graceMs ?? GRACE_MS);
  const old: { file: string; name: string }[] = [];
  // Anything else in the folder or bucket (names this module did not write) is left alone.
  for await (const { file, modifiedMs } of options.store.list()) {
    const name = STORED.exec(file)?.[1];
    if (name && modifiedMs < cutoff) old.push({ file, name });
  }
  if (old.length === 0) return [];
  // Read after listing the files: a reference written meanwhile is seen, so a picture just used is kept.
  const used = await options.repository.referencedUploads();
  const removed = old.filter(({ name }) => !used.has(name)).map(({ file }) => file);
  await options.store.remove(removed);
  return removed;
}

/** Sweeps now and then every `everyMs`, on a timer that does not keep the process alive; answers stop(). */
export function startPictureSweep(options: {
  store: PictureStore;
  db: Database;
  logger?: Logger | undefined;
  graceMs?: number;
  everyMs?: number;
}): () => void {
  const repository = picturesRepository(options.db);
  let running = false;
  const sweep = () => {
    // A slow sweep (a huge folder or bucket) is not overlapped by the next tick.
    if (running) return;
    running = true;
    // One process at a time sweeps a shared folder or bucket (db.exclusive); the others skip that tick.
    options.db
      .exclusive('recell:picture-sweep', () =>
        sweepUnusedPictures({ store: options.store, repository, graceMs: options.graceMs }),
      )
      .then(
        (removed) => {
          if (removed && removed.length > 0)
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
