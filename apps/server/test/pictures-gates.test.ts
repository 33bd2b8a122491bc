// The gates in front of sharp (src/modules/pictures/gates.ts): at most two pictures decoded at once with the
// rest waiting in order, and a bounded number of uploads in the server, few of them one seller's.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { HttpError } from '../src/http/errors';
import { admission, slots } from '../src/modules/pictures/gates';
import { picturesService, PROCESSED_AT_ONCE } from '../src/modules/pictures/service';
import { localPictureStore } from '../src/modules/pictures/store';
import { jpeg } from './support/fixtures';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

const refusal = (enter: () => unknown) => {
  try {
    enter();
  } catch (error) {
    return error instanceof HttpError ? { status: error.status, message: error.message } : error;
  }
  return undefined;
};

describe('picture gates', () => {
  it('slots: runs at most N tasks at once and starts the waiting ones in arrival order', async () => {
    const gate = slots(2);
    const tasks = [0, 1, 2, 3].map(() => deferred());
    const started: number[] = [];
    const runs = tasks.map((task, index) =>
      gate.run(async () => {
        started.push(index);
        await task.promise;
        return index;
      }),
    );
    await vi.waitFor(() => expect(started).toEqual([0, 1]));
    expect(gate.stats()).toEqual({ active: 2, waiting: 2 });
    tasks[1]?.resolve();
    await vi.waitFor(() => expect(started).toEqual([0, 1, 2]));
    expect(gate.stats()).toEqual({ active: 2, waiting: 1 });
    for (const task of tasks) task.resolve();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3]);
    expect(gate.stats()).toEqual({ active: 0, waiting: 0 });
  });

  it('slots: a failing task frees its slot', async () => {
    const gate = slots(1);
    await expect(gate.run(() => Promise.reject(new Error('broken picture')))).rejects.toThrow(
      'broken picture',
    );
    expect(await gate.run(() => Promise.resolve('next'))).toBe('next');
  });

  it("admission: 429 past a seller's share, 503 when the server is full; release gives the place back once", () => {
    const places = admission({ capacity: 3, perSeller: 2 });
    const first = places.enter('s1');
    places.enter('s1');
    expect(refusal(() => places.enter('s1'))).toEqual({
      status: 429,
      message: 'Wait for your other pictures to finish uploading, then try again',
    });
    places.enter('s2');
    expect(refusal(() => places.enter('s3'))).toEqual({
      status: 503,
      message: 'The server is busy with other pictures; try again in 5 s',
    });
    first();
    first();
    expect(places.stats()).toEqual({ admitted: 2, sellers: 2 });
    places.enter('s3');
    expect(refusal(() => places.enter('s4'))).toMatchObject({ status: 503 });
  });

  it(`the service encodes at most ${PROCESSED_AT_ONCE} pictures at once; the others wait their turn`, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'recell-pictures-'));
    try {
      const service = picturesService(localPictureStore(dir));
      const picture = await jpeg(1800, 1200);
      let most = 0;
      let waited = 0;
      const watch = setInterval(() => {
        most = Math.max(most, service.stats().active);
        waited = Math.max(waited, service.stats().waiting);
      }, 1);
      const stored = await Promise.all(Array.from({ length: 6 }, () => service.uploadImage(picture)));
      clearInterval(watch);
      expect(stored.map((answer) => answer.data.width)).toEqual([1600, 1600, 1600, 1600, 1600, 1600]);
      expect(most).toBe(PROCESSED_AT_ONCE);
      expect(waited).toBeGreaterThan(0);
      expect(service.stats()).toEqual({ active: 0, waiting: 0 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
