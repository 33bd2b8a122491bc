// `npm start`, after the bootstrap: builds the web app (when changed) while the Firebase Auth emulator starts
// (auth only, project demo-recell), then the server (migrated and seeded on start; it serves the web app, creates
// the demo accounts in the emulator and prints them). Ctrl-C stops everything. This is the local demo mode
// (DEMO_MODE=1, the server bound to 127.0.0.1). Processes an earlier run left behind (kill -9) are stopped first;
// see start-processes.mjs. START_WEB_BUILD=0 skips the web build (tests of this script need only the API).
import { spawn } from 'node:child_process';
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { emulatorCommand, emulatorEnv, writeEmulatorConfig } from '@recell/local/auth-emulator';
import {
  forgetRun,
  portIsFree,
  recordRun,
  runningOwner,
  signalIfRunning,
  stopStale,
  waitForExit,
} from './start-processes.mjs';

const root = join(import.meta.dirname, '..');
const serverDir = join(root, 'apps', 'server');
const dataDir = process.env.DATA_DIR ?? join(root, 'data');
const authPort = Number(process.env.FIREBASE_AUTH_PORT ?? 9099);
const port = process.env.PORT ?? '3000';

function log(message) {
  console.log(`[recell] ${message}`);
}

async function waitFor(url, child, seconds) {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) return false;
    const ok = await fetch(url)
      .then((response) => response.ok)
      .catch(() => false);
    if (ok) return true;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  return false;
}

if (!existsSync(join(serverDir, 'package.json'))) {
  log('apps/server does not exist yet: nothing to serve.');
  process.exit(0);
}

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
for (const [name, taken, setting] of [
  ['the Auth emulator', authPort, 'FIREBASE_AUTH_PORT'],
  ['the server', Number(port), 'PORT'],
]) {
  if (!(await portIsFree(taken))) {
    log(
      `port ${taken} (for ${name}) is taken by another program; stop it, or set ${setting} to another port`,
    );
    process.exit(1);
  }
}

// The emulator needs a firebase.json (without one it tries to download its UI); it lives in data/ with the rest
// of the local state. Hub and logging ports are free ones, so a second project on this machine does not clash.
const emulatorDir = join(dataDir, 'firebase');
mkdirSync(emulatorDir, { recursive: true, mode: 0o700 });
await writeEmulatorConfig(emulatorDir, { authPort });
const emulatorLog = join(emulatorDir, 'emulator.log');
const emulatorLogFd = openSync(emulatorLog, 'w', 0o600);

/** What this run started, recorded in data/ so the next run can stop it if this one is killed. */
const children = [];
function started(name, child, marker, signal) {
  children.push({ name, child, marker, signal });
  recordRun(
    runFile,
    children.map((entry) => ({
      name: entry.name,
      pid: entry.child.pid,
      marker: entry.marker,
      signal: entry.signal,
    })),
  );
}

// Newest first: the server stops (saving the emulator's accounts) before the emulator does. A child that died
// on its own (kill -9) is skipped rather than signalled, which used to crash this script on ESRCH.
let stopping = false;
async function stopAll(code) {
  if (stopping) return;
  stopping = true;
  for (const { child, signal } of [...children].reverse()) {
    if (child.exitCode === null && child.signalCode === null && signalIfRunning(child.pid, signal)) {
      await waitForExit(child.pid, 8000);
    }
  }
  forgetRun(runFile);
  process.exit(code);
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => void stopAll(0));

// The web app is built (turbo skips it when nothing changed since the last build) while the emulator starts,
// with that emulator's URL baked in; the server then serves it beside the API.
const buildWeb = process.env.START_WEB_BUILD !== '0';
if (buildWeb) log('building the web app (skipped when unchanged)');
const webBuild = spawn(
  process.execPath,
  buildWeb
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
    env: { ...process.env, VITE_FIREBASE_AUTH_EMULATOR: `http://127.0.0.1:${authPort}` },
  },
);
const webBuilt = new Promise((resolve) => webBuild.once('exit', (code) => resolve(code === 0)));

log(`starting the Firebase Auth emulator on 127.0.0.1:${authPort} (project demo-recell; takes ~15 s)`);
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
started('Auth emulator', emulator, 'emulators:start', 'SIGINT');
closeSync(emulatorLogFd);
const emulatorOutput = () => readFileSync(emulatorLog, 'utf8').slice(-2000);
emulator.once('exit', (code) => {
  if (!stopping) {
    log(`the Auth emulator stopped (exit ${code}):\n${emulatorOutput()}`);
    void stopAll(1);
  }
});
if (!(await waitFor(`http://127.0.0.1:${authPort}/`, emulator, 90))) {
  log(`the Auth emulator did not start:\n${emulatorOutput()}`);
  void stopAll(1);
} else if (!(await webBuilt)) {
  log('the web app did not build (see above)');
  void stopAll(1);
} else {
  const server = spawn(process.execPath, ['--import', 'tsx', join('src', 'server.ts')], {
    cwd: serverDir,
    stdio: 'inherit',
    env: {
      NODE_ENV: 'production',
      ...process.env,
      DATA_DIR: dataDir,
      PORT: port,
      HOST: process.env.HOST ?? '127.0.0.1',
      DEMO_MODE: '1',
      FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${authPort}`,
    },
  });
  started('server', server, join('src', 'server.ts'), 'SIGTERM');
  server.once('exit', (code, signal) => {
    if (!stopping) {
      log(`the server stopped (${signal ?? `exit ${code}`}); stopping the Auth emulator`);
      void stopAll(code || 1);
    }
  });
  log('Ctrl-C stops the server and the emulator');
}
