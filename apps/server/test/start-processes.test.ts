// scripts/start-processes.mjs, the bookkeeping behind `npm start`, on plain `sleep`
// processes: fast, beside restart.test.ts which runs the whole script.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

interface Recorded {
  name: string;
  pid: number;
  marker: string;
  signal?: NodeJS.Signals;
}
interface StartProcesses {
  isAlive(pid: number): boolean;
  commandLine(pid: number): string;
  signalIfRunning(pid: number, signal: NodeJS.Signals): boolean;
  recordRun(file: string, processes: Recorded[]): void;
  runningOwner(file: string): number | undefined;
  stopStale(file: string, graceMs?: number): Promise<Recorded[]>;
  portIsFree(port: number): Promise<boolean>;
}

// A plain-JS script beside the repo's other scripts; typed here by what the test uses.
const modulePath = join(import.meta.dirname, '..', '..', '..', 'scripts', 'start-processes.mjs');
let lib: StartProcesses;
let dir: string;
const started: ChildProcess[] = [];

beforeAll(async () => {
  lib = (await import(modulePath)) as StartProcesses;
  dir = mkdtempSync(join(tmpdir(), 'recell-start-'));
});
afterEach(() => {
  for (const child of started.splice(0)) if (!gone(child)) child.kill('SIGKILL');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A `sleep 60`, once it runs `sleep` (right after spawn its command line is still this process's). */
async function sleeper(): Promise<ChildProcess> {
  const child = spawn('sleep', ['60'], { stdio: 'ignore' });
  started.push(child);
  while (!lib.commandLine(child.pid!).startsWith('sleep')) await new Promise((r) => setTimeout(r, 10));
  return child;
}
const gone = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;
const exited = (child: ChildProcess) =>
  new Promise((resolve) => (gone(child) ? resolve(null) : child.once('exit', resolve)));

describe('start-processes', () => {
  it('signals a process that died by kill -9 without throwing ESRCH (start.mjs used to crash there)', async () => {
    const child = await sleeper();
    child.kill('SIGKILL');
    await exited(child);
    expect(lib.isAlive(child.pid!)).toBe(false);
    expect(lib.signalIfRunning(child.pid!, 'SIGINT')).toBe(false);
  });

  it('stops what an earlier run recorded, newest first, and forgets the run', async () => {
    const [older, newer] = [await sleeper(), await sleeper()];
    const order: string[] = [];
    older.once('exit', () => order.push('older'));
    newer.once('exit', () => order.push('newer'));
    const file = join(dir, 'stale.json');
    lib.recordRun(file, [
      { name: 'older', pid: older.pid!, marker: 'sleep 60', signal: 'SIGINT' },
      { name: 'newer', pid: newer.pid!, marker: 'sleep 60' },
    ]);
    const stopped = await lib.stopStale(file, 2000);
    expect(stopped.map((entry) => entry.name)).toEqual(['older', 'newer']);
    await Promise.all([exited(older), exited(newer)]);
    expect(order).toEqual(['newer', 'older']);
    expect(await lib.stopStale(file)).toEqual([]);
  });

  it('leaves alone a recorded PID that now runs another command (a reused PID)', async () => {
    const other = await sleeper();
    const file = join(dir, 'reused.json');
    lib.recordRun(file, [{ name: 'Auth emulator', pid: other.pid!, marker: 'emulators:start' }]);
    expect(await lib.stopStale(file, 500)).toEqual([]);
    expect(lib.isAlive(other.pid!)).toBe(true);
  });

  it('knows another live npm start on the same data dir, and nothing else', async () => {
    const file = join(dir, 'owner.json');
    const owner = (pid: number | undefined) =>
      writeFileSync(file, JSON.stringify({ owner: pid, processes: [] }));
    // A process whose command line names start.mjs, as `node scripts/start.mjs` does.
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)', 'start.mjs'], {
      stdio: 'ignore',
    });
    started.push(other);
    while (!lib.commandLine(other.pid!).includes('start.mjs')) await new Promise((r) => setTimeout(r, 10));
    owner(other.pid);
    expect(lib.runningOwner(file)).toBe(other.pid);
    owner(process.pid); // this very run
    expect(lib.runningOwner(file)).toBeUndefined();
    const unrelated = await sleeper();
    owner(unrelated.pid);
    expect(lib.runningOwner(file)).toBeUndefined();
    unrelated.kill('SIGKILL');
    await exited(unrelated);
    expect(lib.runningOwner(file)).toBeUndefined();
  });

  it('tells a free port from a taken one', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    expect(await lib.portIsFree(port)).toBe(false);
    await new Promise((resolve) => server.close(resolve));
    expect(await lib.portIsFree(port)).toBe(true);
  });
});
