// vitest globalSetup: the real Firebase Auth emulator (firebase-tools, project demo-recell, auth only), on free
// ports, in a temp directory with its own firebase.json; stopped by PID when the run ends.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  emulatorCommand,
  emulatorEnv,
  isOurEmulator,
  writeEmulatorConfig,
} from '@recell/local/auth-emulator';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    authEmulatorHost: string;
  }
}

interface Started {
  dir: string;
  port: number;
  child: ReturnType<typeof spawn>;
  exited: () => boolean;
}

/**
 * One attempt: free ports, the emulator, and proof that what answers is ours. Another suite (the e2e run, started
 * beside this one by turbo) picks free ports at the same moment, so a port can be taken between the pick and the
 * bind: then our emulator exits while the other answers on that port. Ours must still be running a moment after
 * it answered, and its hub must name our auth port.
 */
async function attempt(): Promise<Started | string> {
  const dir = mkdtempSync(join(tmpdir(), 'recell-auth-'));
  const { authPort: port, hubPort: hub } = await writeEmulatorConfig(dir);
  const [program, ...args] = emulatorCommand();
  const child = spawn(program ?? process.execPath, args, {
    cwd: dir,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: emulatorEnv(dir),
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let exited = false;
  child.once('exit', () => (exited = true));
  const giveUp = (why: string) => {
    if (!exited) child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
    return `${why}:\n${output.slice(-2000)}`;
  };

  const started = Date.now();
  for (;;) {
    if (exited) return giveUp('the Auth emulator exited before it was ready');
    if (Date.now() - started > 180_000) return giveUp('the Auth emulator was not ready after 180 s');
    const ready = await fetch(`http://127.0.0.1:${port}/`)
      .then((response) => response.ok)
      .catch(() => false);
    if (ready) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const ours = await isOurEmulator({ authPort: port, hubPort: hub });
  await new Promise((resolve) => setTimeout(resolve, 1000));
  if (exited || !ours) return giveUp(`another process answered on port ${port}`);
  return { dir, port, child, exited: () => exited };
}

export default async function setup(project: TestProject) {
  let started: Started | string = 'not started';
  for (let tries = 0; tries < 3 && typeof started === 'string'; tries += 1) started = await attempt();
  if (typeof started === 'string') throw new Error(started);
  const { dir, port, child, exited } = started;
  project.provide('authEmulatorHost', `127.0.0.1:${port}`);

  return async () => {
    if (!exited() && child.pid) {
      const gone = new Promise((resolve) => child.once('exit', resolve));
      process.kill(child.pid, 'SIGINT');
      const timer = setTimeout(() => child.pid && !exited() && process.kill(child.pid, 'SIGKILL'), 10_000);
      await gone;
      clearTimeout(timer);
    }
    rmSync(dir, { recursive: true, force: true });
  };
}
