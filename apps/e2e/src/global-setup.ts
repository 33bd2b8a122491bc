// Playwright globalSetup: the production web build every worker's server serves (apps/web/dist). Under `npm test`
// turbo has built it already (@recell/e2e#test depends on @recell/web#build, a cached task the 320 px check and
// the scaled journey share); run on its own (`npx playwright test --shard=1/2`), it asks turbo for it here, which
// replays the cached build when nothing changed. Each worker then starts its own stack (src/stack.ts).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './processes';
import { webDist } from './stack';

export function ensureWebBuild(): void {
  // turbo names the task it runs (TURBO_HASH): its dependsOn has built the app already
  if (process.env.TURBO_HASH && existsSync(join(webDist, 'index.html'))) return;
  const turbo = join(root, 'node_modules', 'turbo', 'bin', 'turbo');
  const built = spawnSync(
    process.execPath,
    [turbo, 'run', 'build', '--filter=@recell/web', '--output-logs=errors-only'],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1', DO_NOT_TRACK: '1' },
    },
  );
  if (built.status !== 0 || !existsSync(join(webDist, 'index.html')))
    throw new Error(`the web build failed (turbo run build --filter=@recell/web: ${built.status})`);
}

export default function globalSetup(): void {
  ensureWebBuild();
}
