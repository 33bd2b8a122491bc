// vitest globalSetup: the real Firebase Auth emulator (firebase-tools, project demo-recell, auth only), on free
// ports, in a temp directory with its own firebase.json; stopped by PID when the run ends.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from './free-port';

declare module 'vitest' {
  export interface ProvidedContext {
    authEmulatorHost: string;
  }
}

const require = createRequire(import.meta.url);
const firebaseCli = join(
  dirname(require.resolve('firebase-tools/package.json')),
  'lib',
  'bin',
  'firebase.js',
);

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'recell-auth-'));
  const [port, hub, logging] = [await freePort(), await freePort(), await freePort()];
  writeFileSync(
    join(dir, 'firebase.json'),
    JSON.stringify({
      emulators: {
        auth: { host: '127.0.0.1', port },
        hub: { host: '127.0.0.1', port: hub },
        logging: { host: '127.0.0.1', port: logging },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );
  const child = spawn(
    process.execPath,
    [firebaseCli, 'emulators:start', '--only', 'auth', '--project', 'demo-recell'],
    {
      cwd: dir,
      stdio: ['ignore', 'pipe', 'pipe'], // TMPDIR: the CLI keeps a per-project locator file in the temp dir; another emulator's (a dev's `npm start`,
      // the e2e suite) must not be mistaken for ours.
      env: { ...process.env, CI: '1', TMPDIR: dir },
    },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let exited = false;
  child.once('exit', () => (exited = true));

  const started = Date.now();
  for (;;) {
    if (exited) throw new Error(`the Auth emulator exited before it was ready:\n${output}`);
    if (Date.now() - started > 180_000) {
      child.kill('SIGKILL');
      throw new Error(`the Auth emulator was not ready after 180 s:\n${output}`);
    }
    const ready = await fetch(`http://127.0.0.1:${port}/`)
      .then((response) => response.ok)
      .catch(() => false);
    if (ready) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  project.provide('authEmulatorHost', `127.0.0.1:${port}`);

  return async () => {
    if (!exited && child.pid) {
      const gone = new Promise((resolve) => child.once('exit', resolve));
      process.kill(child.pid, 'SIGINT');
      const timer = setTimeout(() => child.pid && !exited && process.kill(child.pid, 'SIGKILL'), 10_000);
      await gone;
      clearTimeout(timer);
    }
    rmSync(dir, { recursive: true, force: true });
  };
}
