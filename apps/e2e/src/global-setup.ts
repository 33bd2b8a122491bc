// Playwright globalSetup: the real stack on free 127.0.0.1 ports, in one temp directory. The Firebase Auth
// emulator (its own TMPDIR, so another emulator's locator file is not mistaken for ours), the web app built with
// that emulator's URL baked in (VITE_FIREBASE_AUTH_EMULATOR is read at build time), then the server on a fresh
// SQLite file serving that build; the server seeds the catalogue and creates the demo accounts. Beside them, QA's
// mocked app as `npm run dev:mock` runs it (the Vite dev server in mock mode, MSW in the browser), warmed up by
// a browser visiting three pages. The production build and a `--mode mock` build (its control) stay in the temp
// directory for the build-output test. Everything is stopped by PID when the run ends.
import { chromium, type FullConfig } from '@playwright/test';
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
import { root, start, stop, viteBuild, webDir, type Child } from './processes';
import { SECOND_ADMIN_EMAIL } from './second-admin';

const serverDir = join(root, 'apps', 'server');
const e2eDir = join(root, 'apps', 'e2e');

/**
 * The dev server transforms modules and pre-bundles dependencies on the first page load, and may reload the page
 * once when it finds more: a real browser loads the pages the mocked app's tests start from here, so no test pays
 * for (or is reloaded by) a cold start.
 */
async function warmUp(url: string, child: Child, config: FullConfig): Promise<void> {
  const browser = await chromium.launch(config.projects[0]?.use.launchOptions);
  try {
    const page = await browser.newPage();
    for (const path of ['/', '/register', '/blogs']) {
      await page.goto(`${url}${path}`, { timeout: 180_000 });
      await page.getByRole('button', { name: /^QA mock:/ }).waitFor({ timeout: 180_000 });
    }
  } catch (error) {
    throw new Error(`the mocked app did not load: ${String(error)}\n${child.output().slice(-3000)}`);
  } finally {
    await browser.close();
  }
}

export default async function globalSetup(config: FullConfig): Promise<() => Promise<void>> {
  const dir = mkdtempSync(join(tmpdir(), 'recell-e2e-'));
  const children: Child[] = [];
  const teardown = async () => {
    for (const child of children.reverse()) await stop(child, 'SIGINT');
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const [port, mockPort] = [await freePort(), await freePort()];
    const emulatorDir = join(dir, 'firebase');
    mkdirSync(emulatorDir);
    const { authPort, hubPort } = await writeEmulatorConfig(emulatorDir);
    const emulator = start(emulatorCommand(), { cwd: emulatorDir, env: emulatorEnv(emulatorDir) });
    children.push(emulator);

    // The builds run while the emulator starts (each takes ~10-30 s on two cores).
    const webDist = join(dir, 'web');
    const mockDist = join(dir, 'web-mock');
    const build = viteBuild(webDist, [], { VITE_FIREBASE_AUTH_EMULATOR: `http://127.0.0.1:${authPort}` });
    const mockBuild = viteBuild(mockDist, ['--mode', 'mock']);
    const [built, mockBuilt] = await Promise.all([
      build.exited,
      mockBuild.exited,
      waitForUrl(`http://127.0.0.1:${authPort}/`, emulator.process, {
        name: 'the Auth emulator',
        seconds: 180,
        output: emulator.output,
      }),
    ]);
    // The server tests start their own emulator on free ports at the same moment (turbo runs them beside this
    // suite): what answered must be ours, still running and named by our hub, not one that won a port race.
    const ours = await isOurEmulator({ authPort, hubPort });
    if (emulator.process.exitCode !== null || !ours) {
      throw new Error(
        `another process answered on the Auth emulator's port ${authPort}:\n${emulator.output()}`,
      );
    }
    if (built !== 0) throw new Error(`the web build failed:\n${build.output().slice(-3000)}`);
    if (mockBuilt !== 0) throw new Error(`the mock build failed:\n${mockBuild.output().slice(-3000)}`);

    // QA's mocked app as QA runs it (`npm run dev:mock`): the Vite dev server in mock mode, which compiles on
    // demand (see mock-dev-server.ts); the mock build above stays only as build-output.spec's control.
    const devServer = start(
      [
        process.execPath,
        '--import',
        'tsx',
        join(e2eDir, 'src', 'mock-dev-server.ts'),
        webDir,
        String(mockPort),
      ],
      { cwd: e2eDir, env: process.env },
    );
    children.push(devServer);

    const server = start([process.execPath, ...serverArgs()], {
      cwd: serverDir,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: join(dir, 'data'),
        WEB_DIST: webDist,
        FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${authPort}`,
        DEMO_MODE: '1',
        LOG_LEVEL: 'warn',
        // second-step.spec.ts: an admin who has not turned on the second step yet (the demo admin has it)
        ADMIN_EMAILS: SECOND_ADMIN_EMAIL,
      },
    });
    children.push(server);
    const url = `http://127.0.0.1:${port}`;
    const mockUrl = `http://127.0.0.1:${mockPort}`;
    await Promise.all([
      waitForUrl(`${url}/api/health`, server.process, {
        name: 'the server',
        seconds: 60,
        output: server.output,
      }),
      waitForUrl(`${mockUrl}/mockServiceWorker.js`, devServer.process, {
        name: 'the mocked app (vite --mode mock)',
        seconds: 120,
        output: devServer.output,
      }).then(() => warmUp(mockUrl, devServer, config)),
    ]);
    // Tests read them from the environment they inherit.
    process.env.RECELL_E2E_URL = url;
    process.env.RECELL_E2E_AUTH_EMULATOR = `127.0.0.1:${authPort}`;
    process.env.RECELL_E2E_MOCK_URL = mockUrl;
    process.env.RECELL_E2E_WEB_DIST = webDist;
    process.env.RECELL_E2E_MOCK_DIST = mockDist;
    return teardown;
  } catch (error) {
    await teardown();
    throw error;
  }
}
