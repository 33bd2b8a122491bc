// The processes a Playwright globalSetup starts (global-setup.ts: the stack piece by piece; scaled-setup.ts:
// `npm run start:scaled`): output kept for the error that names what failed (readiness: @recell/local/ready's
// waitForUrl), stop by PID.
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export const root = join(import.meta.dirname, '..', '..', '..');
export const webDir = join(root, 'apps', 'web');

export interface Child {
  process: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

export function start(command: string[], options: { cwd: string; env: NodeJS.ProcessEnv }): Child {
  const [program, ...args] = command;
  const child = spawn(program ?? process.execPath, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { process: child, output: () => output, exited };
}

export async function stop(child: Child, signal: NodeJS.Signals): Promise<void> {
  const { pid, exitCode } = child.process;
  if (!pid || exitCode !== null || child.process.signalCode !== null) return;
  process.kill(pid, signal);
  const timer = setTimeout(() => child.process.exitCode === null && process.kill(pid, 'SIGKILL'), 10_000);
  await child.exited;
  clearTimeout(timer);
}

const vite = join(
  dirname(createRequire(join(webDir, 'package.json')).resolve('vite/package.json')),
  'bin',
  'vite.js',
);

/** `vite build` of the web app into `outDir` (its env on top of ours: VITE_* are read at build time). */
export function viteBuild(outDir: string, extra: string[], env: NodeJS.ProcessEnv = {}): Child {
  return start(
    [process.execPath, vite, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn', ...extra],
    { cwd: webDir, env: { ...process.env, ...env } },
  );
}
