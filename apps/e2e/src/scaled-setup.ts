// Playwright globalSetup of playwright.scaled.config.ts: the product as `npm run start:scaled` runs it (durable
// PostgreSQL, N server processes, nginx in front; scripts/start-scaled.mjs), in temp dirs and on free ports,
// serving the one web build (apps/web/dist, as the main suite's: global-setup.ts). The script's output (every server's request log, each
// line named by its process) goes to a file the test reads. Stopped as a person stops it: Ctrl-C (SIGINT).
import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@recell/local/ports';
import { waitForUrl } from '@recell/local/ready';
import { ensureWebBuild } from './global-setup';
import { root, start, stop, type Child } from './processes';
import { webDist } from './stack';

/** How many server processes nginx balances over (SCALED_PROCESSES; two on this 2-core machine). */
export const scaledProcesses = Number(process.env.SCALED_PROCESSES ?? 2);

export default async function scaledSetup(): Promise<() => Promise<void>> {
  // DATA_DIR is the temp dir itself: under root PostgreSQL runs as the postgres user, and a 0700 folder of
  // root's above the data dir would stop it.
  const dataDir = mkdtempSync(join(tmpdir(), 'recell-e2e-scaled-'));
  const logFile = join(dataDir, 'start-scaled.log');
  let stack: Child | undefined;
  const teardown = async () => {
    if (stack) await stop(stack, 'SIGINT');
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const [port, authPort] = [await freePort(), await freePort()];
    ensureWebBuild();
    writeFileSync(logFile, '');
    stack = start([process.execPath, join(root, 'scripts', 'start-scaled.mjs')], {
      cwd: root,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: String(port),
        FIREBASE_AUTH_PORT: String(authPort),
        PROCESSES: String(scaledProcesses),
        START_WEB_BUILD: '0',
        WEB_DIST: webDist,
      },
    });
    stack.process.stdout?.on('data', (chunk: Buffer) => appendFileSync(logFile, chunk));
    // nginx answers last, once every server behind it does
    await waitForUrl(`http://127.0.0.1:${port}/api/health`, stack.process, {
      name: 'npm run start:scaled',
      seconds: 300,
      output: stack.output,
    });
    process.env.RECELL_E2E_URL = `http://127.0.0.1:${port}`;
    process.env.RECELL_E2E_SCALED_LOG = logFile;
    // its run record (the PID of each process, failover.spec.ts kills one)
    process.env.RECELL_E2E_SCALED_DATA = dataDir;
    return teardown;
  } catch (error) {
    await teardown();
    throw error;
  }
}
