import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { supervise } from './supervise.js';

/** @type {import('node:child_process').ChildProcess[]} */
const spawned = [];
/** A shell script as the process (quicker to start than node on busy cores, so the timings below hold). */
const sh = (/** @type {string} */ script) => {
  const child = spawn('sh', ['-c', script], { stdio: 'ignore' });
  spawned.push(child);
  return child;
};
/** @param {() => boolean} condition */
const until = async (condition, ms = 20_000) => {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('not within the time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};
const sleep = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms));

afterEach(() => {
  for (const child of spawned.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill();
});

describe('supervise', () => {
  it('restarts a process that exits, after delays that double up to the longest', async () => {
    /** @type {number[]} */
    const startedAt = [];
    /** @type {{ at: number, delayMs: number, code: number | null }[]} */
    const exits = [];
    const supervised = supervise({
      start: () => {
        startedAt.push(Date.now());
        return sh('exit 3');
      },
      onExit: ({ code, delayMs }) => exits.push({ at: Date.now(), delayMs, code }),
      firstDelayMs: 100,
      maxDelayMs: 400,
      healthyMs: 60_000,
    });
    await until(() => startedAt.length >= 6);
    await supervised.stop();
    expect(exits.slice(0, 5).map((exit) => exit.delayMs)).toEqual([100, 200, 400, 400, 400]);
    expect(exits.every((exit) => exit.code === 3)).toBe(true);
    // each restart waited its delay after the exit
    for (const [index, exit] of exits.slice(0, 5).entries()) {
      expect(startedAt[index + 1]).toBeGreaterThanOrEqual(exit.at + exit.delayMs - 5);
    }
    expect(supervised.restarts).toBeGreaterThanOrEqual(5);
  });

  it('starts from the first delay again after a process ran healthy for a while', async () => {
    /** @type {number[]} */
    const delays = [];
    const supervised = supervise({
      // the third process runs 5.5 s, past healthyMs; the others exit at once (a shell that exits at once took
      // over 1 s to be seen exiting at load 12: healthyMs is far from both)
      start: (restarts) => sh(restarts === 2 ? 'sleep 5.5; exit 1' : 'exit 1'),
      onExit: ({ delayMs }) => delays.push(delayMs),
      firstDelayMs: 100,
      maxDelayMs: 1000,
      healthyMs: 5000,
    });
    await until(() => delays.length >= 4);
    await supervised.stop();
    expect(delays.slice(0, 4)).toEqual([100, 200, 100, 200]);
  });

  it('restarts a process killed by SIGKILL; stop() stops it and every restart', async () => {
    let starts = 0;
    /** @type {(NodeJS.Signals | null)[]} */
    const signals = [];
    const supervised = supervise({
      start: () => {
        starts += 1;
        return sh('exec sleep 60');
      },
      onExit: ({ signal }) => signals.push(signal),
      firstDelayMs: 50,
    });
    const first = supervised.child;
    first.kill('SIGKILL');
    await until(() => starts === 2);
    const second = supervised.child;
    expect(second.pid).not.toBe(first.pid);
    expect(signals).toEqual(['SIGKILL']);

    await supervised.stop();
    expect(second.signalCode).toBe('SIGTERM');
    await sleep(300);
    expect(starts).toBe(2);
    // the stop was not heard as an exit to restart after
    expect(signals).toEqual(['SIGKILL']);
  });

  it('stop() while a restart waits cancels it; shouldRestart() false ends it too', async () => {
    let starts = 0;
    const waiting = supervise({
      start: () => {
        starts += 1;
        return sh('exit 1');
      },
      firstDelayMs: 300,
    });
    await until(() => waiting.restarts === 1);
    await waiting.stop();
    await sleep(500);
    expect(starts).toBe(1);

    // asked before restarts only: false still starts it, and then ends it at the exit
    let ended = 0;
    const asked = supervise({
      start: () => {
        ended += 1;
        return sh('sleep 0.1; exit 1');
      },
      shouldRestart: () => false,
      firstDelayMs: 50,
    });
    await until(() => ended === 1);
    await until(() => asked.child.exitCode !== null);
    await sleep(500);
    expect(ended).toBe(1);
    await asked.stop();
  });
});
