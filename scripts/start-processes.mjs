// Process bookkeeping for scripts/start.mjs, so `npm start` recovers from any way an earlier run ended (Ctrl-C,
// kill -9 of the server, of the emulator or of start.mjs itself). The PIDs a run starts are recorded in
// data/npm-start.json; the next run stops those still alive, but only after checking that each PID still runs
// the command it recorded (a PID can be reused by an unrelated program after a reboot).
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** Whether `pid` is a live process this user may signal. */
export function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive but another user's, so never one of ours
    if (error.code === 'ESRCH' || error.code === 'EPERM') return false;
    throw error;
  }
}

/** The command line of `pid` ('' when gone): /proc on Linux, `ps` elsewhere. */
export function commandLine(pid) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
  } catch {
    try {
      return execFileSync('ps', ['-o', 'args=', '-p', String(pid)], { encoding: 'utf8' });
    } catch {
      return '';
    }
  }
}

/** Sends `signal` unless the process is gone already (a child killed by kill -9 has no exitCode, only a signal). */
export function signalIfRunning(pid, signal) {
  try {
    process.kill(pid, signal);
    return true;
  } catch (error) {
    if (error.code === 'ESRCH') return false;
    throw error;
  }
}

/** Resolves once `pid` has exited; after `graceMs` it is killed with SIGKILL. */
export async function waitForExit(pid, graceMs) {
  const deadline = Date.now() + graceMs;
  while (isAlive(pid)) {
    if (Date.now() > deadline) {
      signalIfRunning(pid, 'SIGKILL');
      await new Promise((resolve) => setTimeout(resolve, 200));
      if (!isAlive(pid)) return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** What a run records: its own PID, and each child's PID with a piece of its command line that identifies it. */
export function recordRun(file, processes) {
  const run = { owner: process.pid, started: new Date().toISOString(), processes };
  writeFileSync(file, `${JSON.stringify(run)}\n`, { mode: 0o600 });
}

function readRun(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return { processes: [] };
  }
}

/** The PID of another `npm start` (or `npm run start:scaled`) still running on this data dir, if any. */
export function runningOwner(file) {
  const { owner } = readRun(file);
  return owner && owner !== process.pid && isAlive(owner) && /start(-scaled)?\.mjs/.test(commandLine(owner))
    ? owner
    : undefined;
}

export function forgetRun(file) {
  rmSync(file, { force: true });
}

/**
 * Stops what an earlier run left running (gently, then SIGKILL after `graceMs`); returns what it stopped. A
 * recorded process that runs something else now is left alone.
 */
export async function stopStale(file, graceMs = 10_000) {
  const stale = (readRun(file).processes ?? []).filter(
    ({ pid, marker }) => pid !== process.pid && isAlive(pid) && commandLine(pid).includes(marker),
  );
  // Newest first: the server (it saves the emulator's accounts as it stops), then the emulator.
  for (const { pid, signal } of [...stale].reverse()) {
    signalIfRunning(pid, signal ?? 'SIGTERM');
    await waitForExit(pid, graceMs);
  }
  forgetRun(file);
  return stale;
}

/** Whether nothing listens on 127.0.0.1:`port`. */
export function portIsFree(port) {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}
