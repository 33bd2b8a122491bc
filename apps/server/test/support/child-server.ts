// The server as its own process (src/server.ts through tsx), for what only a real process shows: SIGKILL
// durability and graceful SIGTERM.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { freePort } from '@recell/local/ports';
import { serverArgs } from '@recell/local/server-node';
import { emulatorHost } from './accounts';

export interface ChildServer {
  url: string;
  child: ChildProcess;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** `waitForListening: false`: resolve once spawned (the caller waits for what it needs). */
export async function startChildServer(
  dataDir: string,
  env: Record<string, string> = {},
  { waitForListening = true } = {},
): Promise<ChildServer> {
  const port = await freePort();
  const child = spawn(process.execPath, serverArgs(), {
    cwd: join(import.meta.dirname, '..', '..'),
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      PORT: String(port),
      FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(),
      DEMO_MODE: '1',
      CREATE_DEMO_ACCOUNTS: '0',
      LOG_LEVEL: 'silent',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  await new Promise<void>((resolve, reject) => {
    if (!waitForListening) {
      child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      resolve();
      return;
    }
    // migrations, the seed and the planner's statistics, beside the browser suites on two cores: over 30 s once
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 120_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('ReCell server listening on')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`server exited before it listened:\n${output}`));
    });
  });
  return { url: `http://127.0.0.1:${port}`, child, output: () => output, exited };
}
