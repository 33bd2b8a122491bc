// The Firebase Auth emulator as every local run starts it: project demo-recell, auth only, UI off, on free ports
// named in a firebase.json of the run's own (without one the CLI tries to download its UI). Callers spawn
// `emulatorCommand()` with `emulatorEnv(dir)` and their own stdio, and wait for `isOurEmulator`.
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { freePort } from './ports.js';

export const EMULATOR_PROJECT = 'demo-recell';

const require = createRequire(import.meta.url);
export const firebaseCli = join(
  dirname(require.resolve('firebase-tools/package.json')),
  'lib',
  'bin',
  'firebase.js',
);

/**
 * Writes `dir/firebase.json` for the Auth emulator on `authPort` (a free one if not given), with free hub and
 * logging ports, so a second run on this machine does not clash.
 * @param {string} dir
 * @param {{ authPort?: number }} [ports]
 * @returns {Promise<{ authPort: number, hubPort: number }>}
 */
export async function writeEmulatorConfig(dir, { authPort } = {}) {
  const [auth, hubPort, loggingPort] = [authPort ?? (await freePort()), await freePort(), await freePort()];
  writeFileSync(
    join(dir, 'firebase.json'),
    JSON.stringify({
      emulators: {
        auth: { host: '127.0.0.1', port: auth },
        hub: { host: '127.0.0.1', port: hubPort },
        logging: { host: '127.0.0.1', port: loggingPort },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );
  return { authPort: auth, hubPort };
}

/** @returns {string[]} the command (node first) that starts the emulator; run it with `cwd` = the config's dir */
export function emulatorCommand() {
  return [process.execPath, firebaseCli, 'emulators:start', '--only', 'auth', '--project', EMULATOR_PROJECT];
}

// Node's on-disk compile cache for the CLI's thousands of modules, beside them in node_modules/.cache (gone with
// node_modules; Node keys each entry by the file's path and contents, so runs and checkouts may share it).
const compileCache = join(
  dirname(require.resolve('firebase-tools/package.json')),
  '..',
  '.cache',
  'node-compile-cache',
);

/**
 * The environment to start it in. CI=1: no prompts. TMPDIR: the CLI keeps a per-project locator file in the temp
 * dir, so another checkout's or suite's emulator is not mistaken for this one. NODE_COMPILE_CACHE: a warm start
 * compiles none of the CLI's JavaScript again (its 16 s of CPU at start was mostly that and schema compiling,
 * which patches/ makes lazy).
 * @param {string} dir
 * @returns {NodeJS.ProcessEnv}
 */
export function emulatorEnv(dir) {
  return { NODE_COMPILE_CACHE: compileCache, ...process.env, CI: '1', TMPDIR: dir };
}

/**
 * Whether the emulator answering on `authPort` is the one this run started: its hub names that port. Another
 * suite picking free ports at the same moment can win the port between the pick and the bind.
 * @param {{ authPort: number, hubPort: number }} ports
 * @returns {Promise<boolean>}
 */
export async function isOurEmulator({ authPort, hubPort }) {
  const hubSays = await fetch(`http://127.0.0.1:${hubPort}/emulators`)
    .then((response) => /** @type {Promise<{ auth?: { port?: number } }>} */ (response.json()))
    .catch(() => undefined);
  return hubSays?.auth?.port === authPort;
}
