// `npm start`, after the bootstrap: builds the web app (when changed) while the Firebase Auth emulator starts
// (auth only, project demo-recell), then the server (migrated and seeded on start; it serves the web app, creates
// the demo accounts in the emulator and prints them). Ctrl-C stops everything.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';

const root = join(import.meta.dirname, '..');
const serverDir = join(root, 'apps', 'server');
const dataDir = process.env.DATA_DIR ?? join(root, 'data');
const authPort = Number(process.env.FIREBASE_AUTH_PORT ?? 9099);
const port = process.env.PORT ?? '3000';

function log(message) {
  console.log(`[recell] ${message}`);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port: free } = server.address();
      server.close(() => resolve(free));
    });
  });
}

async function waitFor(url, child, seconds) {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) return false;
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

// The emulator needs a firebase.json (without one it tries to download its UI); it lives in data/ with the rest
// of the local state. Hub and logging ports are free ones, so a second project on this machine does not clash.
const emulatorDir = join(dataDir, 'firebase');
mkdirSync(emulatorDir, { recursive: true });
writeFileSync(
  join(emulatorDir, 'firebase.json'),
  JSON.stringify({
    emulators: {
      auth: { host: '127.0.0.1', port: authPort },
      hub: { host: '127.0.0.1', port: await freePort() },
      logging: { host: '127.0.0.1', port: await freePort() },
      ui: { enabled: false },
      singleProjectMode: true,
    },
  }),
);
const require = createRequire(join(serverDir, 'package.json'));
const firebaseCli = join(
  dirname(require.resolve('firebase-tools/package.json')),
  'lib',
  'bin',
  'firebase.js',
);

const children = [];
let stopping = false;
function stopAll(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children.reverse()) {
    if (child.exitCode === null && child.pid) process.kill(child.pid, 'SIGINT');
  }
  const force = setTimeout(() => {
    for (const child of children)
      if (child.exitCode === null && child.pid) process.kill(child.pid, 'SIGKILL');
    process.exit(code);
  }, 8000);
  force.unref();
  Promise.all(
    children.map((child) => (child.exitCode === null ? new Promise((r) => child.once('exit', r)) : null)),
  ).then(() => process.exit(code));
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopAll(0));

// The web app is built (turbo skips it when nothing changed since the last build) while the emulator starts,
// with that emulator's URL baked in; the server then serves it beside the API.
log('building the web app (skipped when unchanged)');
const webBuild = spawn(
  process.execPath,
  [
    join(root, 'node_modules', 'turbo', 'bin', 'turbo'),
    'run',
    'build',
    '--filter=@recell/web',
    '--output-logs=errors-only',
  ],
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, VITE_FIREBASE_AUTH_EMULATOR: `http://127.0.0.1:${authPort}` },
  },
);
const webBuilt = new Promise((resolve) => webBuild.once('exit', (code) => resolve(code === 0)));

log(`starting the Firebase Auth emulator on 127.0.0.1:${authPort} (project demo-recell; takes ~15 s)`);
const emulator = spawn(
  process.execPath,
  [firebaseCli, 'emulators:start', '--only', 'auth', '--project', 'demo-recell'],
  {
    cwd: emulatorDir,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, CI: '1' },
  },
);
children.push(emulator);
let emulatorOutput = '';
emulator.stdout.on('data', (chunk) => (emulatorOutput += chunk));
emulator.stderr.on('data', (chunk) => (emulatorOutput += chunk));
emulator.once('exit', (code) => {
  if (!stopping) {
    log(`the Auth emulator stopped (exit ${code}):\n${emulatorOutput.slice(-2000)}`);
    stopAll(1);
  }
});
if (!(await waitFor(`http://127.0.0.1:${authPort}/`, emulator, 90))) {
  log(`the Auth emulator did not start:\n${emulatorOutput.slice(-2000)}`);
  stopAll(1);
} else if (!(await webBuilt)) {
  log('the web app did not build (see above)');
  stopAll(1);
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
      FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${authPort}`,
    },
  });
  children.push(server);
  server.once('exit', (code) => {
    if (!stopping) {
      log(`the server stopped (exit ${code})`);
      stopAll(code ?? 1);
    }
  });
  log('Ctrl-C stops the server and the emulator');
}
