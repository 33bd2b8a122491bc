// What `npm start` (start.mjs) and `npm run start:scaled` (start-scaled.mjs) share: the owner-only data dir and
// the bookkeeping of what a run starts (start-processes.mjs), the web build with the emulator's URL baked in, the
// Firebase Auth emulator, and the server in demo mode. A run stops what it started newest first on Ctrl-C,
// SIGTERM or SIGHUP, and when any of it stops on its own.
import { spawn } from 'node:child_process';
import { chmodSync, closeSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { emulatorCommand, emulatorEnv, writeEmulatorConfig } from '@recell/local/auth-emulator';
import { waitForUrl } from '@recell/local/ready';
import { serverArgs } from '@recell/local/server-node';
import {
  forgetRun,
  portIsFree,
  recordRun,
  runningOwner,
  signalIfRunning,
  stopStale,
  waitForExit,
} from './start-processes.mjs';

export const root = join(import.meta.dirname, '..');
export const serverDir = join(root, 'apps', 'server');

export function log(message) {
  console.log(`[recell] ${message}`);
}

/**
 * Opens a run on `dataDir`: refuses when another run owns it, stops what a killed earlier run left behind, checks
 * that `ports` ([name, port, setting]) are free. Returns `started` (record a process: a child, or a PID with its
 * own `stop`) and `stopAll`, which Ctrl-C, SIGTERM and SIGHUP call too.
 */
export async function openRun(dataDir, ports) {
  // data/ holds the database, secrets and saved accounts: the owner's alone.
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  chmodSync(dataDir, 0o700);
  const runFile = join(dataDir, 'npm-start.json');
  const owner = runningOwner(runFile);
  if (owner) {
    log(
      `npm start is already running on ${dataDir} (pid ${owner}); stop it first (Ctrl-C there, or kill ${owner})`,
    );
    process.exit(1);
  }
  const stopStarted = Date.now();
  const stale = await stopStale(runFile);
  if (stale.length > 0) {
    const names = stale.map(({ name, pid }) => `${name} (pid ${pid})`).join(', ');
    const seconds = ((Date.now() - stopStarted) / 1000).toFixed(1);
    log(`stopped what an earlier run left running: ${names} (in ${seconds} s)`);
  }
  for (const [name, taken, setting] of ports) {
    if (!(await portIsFree(taken))) {
      log(
        `port ${taken} (for ${name}) is taken by another program; stop it, or set ${setting} to another port`,
      );
      process.exit(1);
    }
  }

  /** What this run started, recorded in data/ so the next run can stop it if this one is killed. */
  const entries = [];
  const run = {
    stopping: false,
    /**
     * @param {{ name: string, marker: string, signal: string, child?: import('node:child_process').ChildProcess,
     *   pid?: number, stop?: () => Promise<void> }} entry
     */
    started(entry) {
      // a restarted process replaces its earlier record, in its place in the stopping order
      const index = entries.findIndex(({ name }) => name === entry.name);
      if (index === -1) entries.push(entry);
      else entries[index] = entry;
      recordRun(
        runFile,
        entries.map(({ name, child, pid, marker, signal }) => ({
          name,
          pid: child?.pid ?? pid,
          marker,
          signal,
        })),
      );
    },
    // Newest first: the servers stop (saving the emulator's accounts) before what they use does. A child that
    // died on its own (kill -9) is skipped rather than signalled, which used to crash this script on ESRCH.
    async stopAll(code) {
      if (run.stopping) return;
      run.stopping = true;
      for (const { child, stop, signal } of [...entries].reverse()) {
        if (stop) await stop().catch((error) => log(`could not stop cleanly: ${error.message}`));
        else if (child.exitCode === null && child.signalCode === null && signalIfRunning(child.pid, signal)) {
          await waitForExit(child.pid, 8000);
        }
      }
      forgetRun(runFile);
      process.exit(code);
    },
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => void run.stopAll(0));
  return run;
}

/**
 * Builds the web app (turbo skips it when nothing changed since the last build, and `npm test` shares that build);
 * the server names the emulator in each page, so the build carries no port. START_WEB_BUILD=0 skips it (tests of
 * these scripts need only the API). Resolves whether it built.
 */
export function buildWeb() {
  const build = process.env.START_WEB_BUILD !== '0';
  if (build) log('building the web app (skipped when unchanged)');
  const child = spawn(
    process.execPath,
    build
      ? [
          join(root, 'node_modules', 'turbo', 'bin', 'turbo'),
          'run',
          'build',
          '--filter=@recell/web',
          '--output-logs=errors-only',
        ]
      : ['-e', ''],
    {
      cwd: root,
      stdio: 'inherit',
      env: process.env,
    },
  );
  return new Promise((resolve) => child.once('exit', (code) => resolve(code === 0)));
}

/**
 * Starts the Firebase Auth emulator on `authPort` with its firebase.json and log in data/firebase; resolves
 * whether it answered. If it stops on its own later, the run stops.
 */
export async function startEmulator(run, dataDir, authPort) {
  return (await spawnEmulator(run, dataDir, authPort)).answered;
}

/**
 * startEmulator's first half: resolves once the emulator is spawned and recorded in the run (so what starts after
 * it stops before it), with `answered`, which resolves whether it answered.
 * @returns {Promise<{ answered: Promise<boolean> }>}
 */
export async function spawnEmulator(run, dataDir, authPort) {
  // The emulator needs a firebase.json (without one it tries to download its UI); it lives in data/ with the
  // rest of the local state. Hub and logging ports are free ones, so a second project here does not clash.
  const emulatorDir = join(dataDir, 'firebase');
  mkdirSync(emulatorDir, { recursive: true, mode: 0o700 });
  await writeEmulatorConfig(emulatorDir, { authPort });
  const emulatorLog = join(emulatorDir, 'emulator.log');
  const emulatorLogFd = openSync(emulatorLog, 'w', 0o600);
  log(`starting the Firebase Auth emulator on 127.0.0.1:${authPort} (project demo-recell)`);
  const [node, ...emulatorArgs] = emulatorCommand();
  const emulator = spawn(node, emulatorArgs, {
    cwd: emulatorDir,
    // Its output goes to a file, not a pipe: an emulator that outlives a killed run would die on EPIPE mid-way.
    stdio: ['ignore', emulatorLogFd, emulatorLogFd],
    // TMPDIR: the CLI's per-project locator file stays with this data dir, so another checkout's emulator is not
    // mistaken for this one. detached: Ctrl-C reaches the server first, which saves the accounts while the
    // emulator still answers; this script then stops the emulator.
    env: emulatorEnv(emulatorDir),
    detached: true,
  });
  run.started({ name: 'Auth emulator', child: emulator, marker: 'emulators:start', signal: 'SIGINT' });
  closeSync(emulatorLogFd);
  const emulatorOutput = () => readFileSync(emulatorLog, 'utf8').slice(-2000);
  emulator.once('exit', (code) => {
    if (!run.stopping) {
      log(`the Auth emulator stopped (exit ${code}):\n${emulatorOutput()}`);
      void run.stopAll(1);
    }
  });
  const answered = waitForUrl(`http://127.0.0.1:${authPort}/`, emulator, {
    name: 'the Auth emulator',
    seconds: 90,
    output: emulatorOutput,
  }).then(
    () => true,
    (error) => {
      log(error.message);
      return false;
    },
  );
  return { answered };
}

/**
 * Spawns the server in demo mode on 127.0.0.1:`port` (HOST may widen it) with `env` on top, recorded as `name`
 * (with `stop` when something else, a supervisor, stops it).
 * @param {{ name?: string, dataDir: string, port: string | number, authPort: number, env?: NodeJS.ProcessEnv,
 *   stdio?: import('node:child_process').StdioOptions, stop?: () => Promise<void> }} options
 */
export function startServer(
  run,
  { name = 'server', dataDir, port, authPort, env = {}, stdio = 'inherit', stop },
) {
  const server = spawn(process.execPath, serverArgs(), {
    cwd: serverDir,
    stdio,
    env: {
      NODE_ENV: 'production',
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: process.env.HOST ?? '127.0.0.1',
      DEMO_MODE: '1',
      FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${authPort}`,
      ...env,
    },
  });
  run.started({ name, child: server, marker: join('src', 'server.ts'), signal: 'SIGTERM', stop });
  return server;
}
