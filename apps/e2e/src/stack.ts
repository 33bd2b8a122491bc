// What one Playwright worker runs its journeys against (fixtures.ts starts it once per worker): its own Firebase
// Auth emulator (its own TMPDIR, so another emulator's locator file is not mistaken for ours) and its own server
// on a fresh SQLite file, on free 127.0.0.1 ports, serving the one web build (apps/web/dist: the server names its
// emulator in each page, so the build carries no port). The server seeds the catalogue and the demo accounts.
// Workers share no account, listing, clock or database, so journeys run side by side and `--shard` splits them.
// Beside it, QA's mocked app as `npm run dev:mock` runs it, for the worker that runs mock-app.spec.ts.
import { chromium, type LaunchOptions } from '@playwright/test';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  emulatorCommand,
  emulatorEnv,
  isOurEmulator,
  writeEmulatorConfig,
} from '@recell/local/auth-emulator';
import { freePort } from '@recell/local/ports';
import { waitForUrl } from '@recell/local/ready';
import { serverArgs } from '@recell/local/server-node';
import { root, start, stop, webDir, type Child } from './processes';
import { SECOND_ADMIN_EMAIL } from './second-admin';

const serverDir = join(root, 'apps', 'server');
const e2eDir = join(root, 'apps', 'e2e');

/** The production build every worker's server serves (built by turbo before the suite: global-setup.ts). */
export const webDist = join(webDir, 'dist');

export interface Running {
  url: string;
  stop: () => Promise<void>;
}

export interface Stack extends Running {
  /** host:port of this stack's Auth emulator */
  authEmulator: string;
}

/** Starts children in a temp dir; `stop` stops them by PID, newest first, and removes the dir. */
function processGroup(prefix: string) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const children: Child[] = [];
  return {
    dir,
    add(child: Child) {
      children.push(child);
      return child;
    },
    async stop() {
      for (const child of children.reverse()) await stop(child, 'SIGINT');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function startStack(): Promise<Stack> {
  const group = processGroup('recell-e2e-');
  try {
    const port = await freePort();
    const emulatorDir = join(group.dir, 'firebase');
    mkdirSync(emulatorDir);
    const { authPort, hubPort } = await writeEmulatorConfig(emulatorDir);
    const emulator = group.add(start(emulatorCommand(), { cwd: emulatorDir, env: emulatorEnv(emulatorDir) }));
    await waitForUrl(`http://127.0.0.1:${authPort}/`, emulator.process, {
      name: 'the Auth emulator',
      seconds: 180,
      output: emulator.output,
    });
    // The server tests and the other worker start their own emulators on free ports at the same moment: what
    // answered must be ours, still running and named by our hub, not one that won a port race.
    if (emulator.process.exitCode !== null || !(await isOurEmulator({ authPort, hubPort })))
      throw new Error(
        `another process answered on the Auth emulator's port ${authPort}:\n${emulator.output()}`,
      );

    const server = group.add(
      start([process.execPath, ...serverArgs()], {
        cwd: serverDir,
        env: {
          ...process.env,
          NODE_ENV: 'test',
          HOST: '127.0.0.1',
          PORT: String(port),
          DATA_DIR: join(group.dir, 'data'),
          WEB_DIST: webDist,
          FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${authPort}`,
          DEMO_MODE: '1',
          LOG_LEVEL: 'warn',
          // second-step.spec.ts: an admin who has not turned on the second step yet (the demo admin has it)
          ADMIN_EMAILS: SECOND_ADMIN_EMAIL,
        },
      }),
    );
    const url = `http://127.0.0.1:${port}`;
    await waitForUrl(`${url}/api/health`, server.process, {
      name: 'the server',
      seconds: 120,
      output: server.output,
    });
    return { url, authEmulator: `127.0.0.1:${authPort}`, stop: group.stop };
  } catch (error) {
    await group.stop();
    throw error;
  }
}

/**
 * QA's mocked app as QA runs it (`npm run dev:mock`: the Vite dev server in mock mode, which compiles on demand;
 * see mock-dev-server.ts). The dev server transforms modules and pre-bundles dependencies on the first page
 * load, and may reload the page once when it finds more: a real browser loads the pages the mocked app's tests
 * start from here, so no test pays for (or is reloaded by) a cold start.
 */
export async function startMockApp(launchOptions: LaunchOptions | undefined): Promise<Running> {
  const group = processGroup('recell-e2e-mock-');
  try {
    const port = await freePort();
    const devServer = group.add(
      start(
        [
          process.execPath,
          '--import',
          'tsx',
          join(e2eDir, 'src', 'mock-dev-server.ts'),
          webDir,
          String(port),
        ],
        { cwd: e2eDir, env: process.env },
      ),
    );
    const url = `http://127.0.0.1:${port}`;
    await waitForUrl(`${url}/mockServiceWorker.js`, devServer.process, {
      name: 'the mocked app (vite --mode mock)',
      seconds: 120,
      output: devServer.output,
    });
    const browser = await chromium.launch(launchOptions);
    try {
      const page = await browser.newPage();
      for (const path of ['/', '/register', '/blogs']) {
        await page.goto(`${url}${path}`, { timeout: 180_000 });
        await page.getByRole('button', { name: /^QA mock:/ }).waitFor({ timeout: 180_000 });
      }
    } catch (error) {
      throw new Error(`the mocked app did not load: ${String(error)}\n${devServer.output().slice(-3000)}`);
    } finally {
      await browser.close();
    }
    return { url, stop: group.stop };
  } catch (error) {
    await group.stop();
    throw error;
  }
}
