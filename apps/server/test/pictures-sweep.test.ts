// Uploaded pictures that nothing uses are deleted after a 24 h grace period: the ones a listing, or a booking of
// a since-deleted listing, still shows are kept, and so is every fresh upload (its listing may not be sent yet).
// The clock is the files' modification time, set back with utimes.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { picturesRepository } from '../src/modules/pictures/repository';
import { localPictureStore } from '../src/modules/pictures/store';
import { GRACE_MS, startPictureSweep, sweepUnusedPictures } from '../src/modules/pictures/sweep';
import { book, createListing, jpeg } from './support/fixtures';
import { call, startApp, useServer } from './support/harness';

const ctx = useServer();

interface Stored {
  url: string;
  thumbnailUrl: string;
}

async function uploaded(): Promise<Stored> {
  const response = await call(ctx.app.server, 'post', '/api/images', {
    token: ctx.people.seller.token,
    attach: { field: 'image', bytes: await jpeg(64, 48), filename: 'phone.jpg' },
  });
  expect(response.status).toBe(201);
  return response.body.data as Stored;
}

const files = (dir: string, picture: Stored) => [
  join(dir, basename(picture.url)),
  join(dir, basename(picture.thumbnailUrl)),
];

/** Sets a file's modification time back by the grace period and an hour. */
async function age(...paths: string[]) {
  const past = new Date(Date.now() - GRACE_MS - 60 * 60 * 1000);
  for (const path of paths) await utimes(path, past, past);
}

/** A file named as the pictures module names its uploads, older than the grace period. */
async function oldOrphan(uploadsDir: string) {
  const path = join(uploadsDir, `${randomBytes(16).toString('hex')}.webp`);
  writeFileSync(path, 'not really a picture');
  await age(path);
  return path;
}

describe('the sweep of unused pictures', () => {
  it('removes old uploads nothing uses, with their thumbnails, and keeps the rest; twice is like once', async () => {
    const dir = ctx.app.config.uploadsDir;
    const listed = await uploaded();
    await createListing(ctx.app.server, ctx.people.seller.token, { picture: listed.url });
    // A booking keeps its listing's picture after the listing is deleted.
    const booked = await uploaded();
    const gone = await createListing(ctx.app.server, ctx.people.seller.token, { picture: booked.url });
    await book(ctx.app.server, ctx.people.buyer.token, gone);
    const deleted = await call(ctx.app.server, 'delete', `/api/mobile/${gone}`, {
      token: ctx.people.seller.token,
    });
    expect(deleted.status).toBe(200);
    const unused = await uploaded();
    const fresh = await uploaded();
    const notOurs = join(dir, 'notes.txt');
    writeFileSync(notOurs, 'left alone');
    await age(...files(dir, listed), ...files(dir, booked), ...files(dir, unused), notOurs);

    const repository = picturesRepository(ctx.app.db);
    const store = localPictureStore(dir);
    const removed = await sweepUnusedPictures({ store, repository });
    expect(removed.sort()).toEqual([basename(unused.url), basename(unused.thumbnailUrl)].sort());
    for (const path of files(dir, unused)) expect(existsSync(path)).toBe(false);
    for (const path of [...files(dir, listed), ...files(dir, booked), ...files(dir, fresh), notOurs]) {
      expect(existsSync(path), path).toBe(true);
    }
    expect(await sweepUnusedPictures({ store, repository })).toEqual([]);
    // The fresh one goes too once the clock has moved past its grace period.
    const later = Date.now() + GRACE_MS + 60_000;
    expect((await sweepUnusedPictures({ store, repository, now: later })).sort()).toEqual(
      [basename(fresh.url), basename(fresh.thumbnailUrl)].sort(),
    );
  });

  it('runs when the app starts, and again on its timer', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'recell-sweep-'));
    mkdirSync(join(dataDir, 'uploads'));
    const leftover = await oldOrphan(join(dataDir, 'uploads'));
    const app = await startApp({ DATA_DIR: dataDir });
    try {
      await vi.waitFor(() => expect(existsSync(leftover)).toBe(false), { timeout: 5000 });
      // A grace period of half a second: the orphan written now is fresh for the sweep that runs at start, so
      // only a later tick of the timer can remove it.
      const graceMs = 500;
      const stop = startPictureSweep({
        store: localPictureStore(app.config.uploadsDir),
        db: app.db,
        graceMs,
        everyMs: 20,
      });
      try {
        const later = join(app.config.uploadsDir, `${randomBytes(16).toString('hex')}.webp`);
        writeFileSync(later, 'not really a picture');
        // The sweep's clock is the file's own time, which the kernel keeps a few ms behind Date.now().
        const written = statSync(later).mtimeMs;
        await vi.waitFor(() => expect(existsSync(later)).toBe(false), { timeout: 5000 });
        expect(Date.now() - written).toBeGreaterThanOrEqual(graceMs);
      } finally {
        stop();
      }
    } finally {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
