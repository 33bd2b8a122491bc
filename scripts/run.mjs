#!/usr/bin/env node
// Bootstrap behind `npm start`, `npm test` and every other root command the README names, in plain Node so it
// runs on the machine's old Node 20:
// 1. get Node 24 from the npm registry when the running Node is older than 22, and re-run under it;
// 2. `npm ci` when node_modules is missing or was installed from another lock file or Node major;
// 3. (test) make sure Debian's Chromium is there for the browser tests;
// 4. run the task.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const task = process.argv[2];
const extraArgs = process.argv.slice(3);
const MIN_NODE = 22;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const STORYBOOK_FLAGS = ['--ci', '--no-version-updates', '--disable-telemetry'];

// No network calls beyond the registries, for every task and the tools it starts.
Object.assign(process.env, { TURBO_TELEMETRY_DISABLED: '1', DO_NOT_TRACK: '1', REDOCLY_TELEMETRY: 'off' });

function log(message) {
  console.log(`[recell] ${message}`);
}

function run(cmd, args, options = {}) {
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

/** `run`, without blocking: resolves with the exit status (so two can run side by side). */
function runAsync(cmd, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: root, stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

function mustRun(cmd, args, options) {
  const status = run(cmd, args, options);
  if (status !== 0) {
    log(`"${cmd} ${args.join(' ')}" failed with exit code ${status}`);
    process.exit(status);
  }
}

function ensureNode() {
  if (Number(process.versions.node.split('.')[0]) >= MIN_NODE) return;
  const pkg = `node-linux-${process.arch === 'arm64' ? 'arm64' : 'x64'}`;
  const home = join(root, '.tools', 'node_modules', pkg);
  const bin = join(home, 'bin');
  if (!existsSync(join(bin, 'node'))) {
    log(
      `Node ${process.versions.node} is older than ${MIN_NODE}: fetching Node 24 from the npm registry into .tools/`,
    );
    mustRun('npm', [
      'install',
      '--prefix',
      '.tools',
      '--no-save',
      '--no-package-lock',
      '--no-audit',
      `${pkg}@24`,
    ]);
  }
  const env = {
    ...process.env,
    PATH: `${bin}:${process.env.PATH}`,
    // native addons (sqlite3) must build against the headers of the Node that runs them
    npm_config_nodedir: home,
  };
  const status = run(join(bin, 'node'), [fileURLToPath(import.meta.url), ...process.argv.slice(2)], { env });
  process.exit(status);
}

function ensureDependencies() {
  const lock = readFileSync(join(root, 'package-lock.json'));
  const stamp = createHash('sha256').update(lock).update(process.versions.modules).digest('hex');
  const stampFile = join(root, 'node_modules', '.recell-install');
  if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp) return;
  log('installing dependencies (npm ci)');
  mustRun('npm', ['ci', '--no-audit', '--no-fund'], {
    env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
  });
  writeFileSync(stampFile, stamp);
}

function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  const isRoot = process.getuid?.() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (!isRoot || !hasApt) {
    log(
      `Chromium is missing at ${CHROMIUM}. Install it with: sudo apt-get update && sudo apt-get install -y chromium`,
    );
    process.exit(1);
  }
  log("installing Debian's chromium for the browser tests (apt-get)");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  mustRun('apt-get', ['update', '-qq'], { env });
  mustRun('apt-get', ['install', '-y', '-qq', 'chromium'], { env });
}

/** The JSON reports that every test runner writes to <workspace>/test-results/ (vitest's shape). */
function reports() {
  const found = [];
  for (const dir of ['apps', 'packages']) {
    const base = join(root, dir);
    if (!existsSync(base)) continue;
    for (const name of readdirSync(base)) {
      const results = join(base, name, 'test-results');
      if (!existsSync(results)) continue;
      for (const file of readdirSync(results).filter((entry) => entry.endsWith('.json')))
        found.push(JSON.parse(readFileSync(join(results, file), 'utf8')));
    }
  }
  return found;
}

/** Adds up the reports' counts. */
function totals(all) {
  const sum = { passed: 0, failed: 0, skipped: 0 };
  for (const report of all) {
    sum.passed += report.numPassedTests ?? 0;
    sum.failed += report.numFailedTests ?? 0;
    sum.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  }
  return sum;
}

const seconds = (ms) => `${(ms / 1000).toFixed(0).padStart(5)} s`;

/**
 * Where the time went: each turbo task's wall time (from the run summary `--summarize` writes under
 * .turbo/runs/), then the 10 slowest test files (their start to end, from the reports).
 */
function timings(since, all) {
  const runs = join(root, '.turbo', 'runs');
  const summaries = existsSync(runs)
    ? readdirSync(runs)
        .filter((file) => file.endsWith('.json') && statSync(join(runs, file)).mtimeMs >= since)
        .map((file) => JSON.parse(readFileSync(join(runs, file), 'utf8')))
    : [];
  // a task met by several runs (the web build: built once, then a cache hit in each lane) counts its longest
  const byId = new Map();
  for (const task of summaries.flatMap((summary) => summary.tasks ?? [])) {
    const ms = (task.execution?.endTime ?? 0) - (task.execution?.startTime ?? 0);
    if (ms >= (byId.get(task.taskId)?.ms ?? -1))
      byId.set(task.taskId, { id: task.taskId, ms, cached: task.cache?.status === 'HIT' });
  }
  const tasks = [...byId.values()].sort((a, b) => b.ms - a.ms);
  console.log('turbo tasks, by wall time:');
  for (const task of tasks) console.log(`  ${seconds(task.ms)}  ${task.id}${task.cached ? ' (cached)' : ''}`);
  const files = all
    .flatMap((report) => report.testResults ?? [])
    .filter((file) => file.startTime && file.endTime)
    .map((file) => ({ name: relative(root, file.name), ms: file.endTime - file.startTime }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 10);
  console.log('the 10 slowest test files:');
  for (const file of files) console.log(`  ${seconds(file.ms)}  ${file.name}`);
}

const tasks = {
  async test() {
    ensureChromium();
    const started = Date.now();
    // --continue: one failed task does not hide what the others would have found
    const turbo = (args) => ['turbo', 'run', ...args, '--summarize', '--continue', ...extraArgs];
    // The web build first: the browser suites of both lanes serve it (a cached turbo task; a hit leaves the files
    // as they are, so a lane that meets it again does not rewrite what the other lane serves).
    const built = run('npx', turbo(['build', '--filter=@recell/web', '--output-logs=errors-only']));
    // Two lanes side by side, one task each at a time on two cores: the browser journeys (the longest task, two
    // Playwright workers of their own) from the start, and everything else beside them. In one turbo run the
    // journeys waited for a slot behind every task that was ready before the build was.
    const statuses =
      built === 0
        ? await Promise.all([
            runAsync('npx', turbo(['lint', 'typecheck', 'test', '--filter=@recell/e2e', '--concurrency=1'])),
            runAsync(
              'npx',
              turbo(['lint:root', 'lint', 'typecheck', 'test', '--filter=!@recell/e2e', '--concurrency=1']),
            ),
          ])
        : [built];
    const status = statuses.find((code) => code !== 0) ?? 0;
    const all = reports();
    timings(started, all);
    const { passed, failed, skipped } = totals(all);
    log(`npm test finished in ${((Date.now() - started) / 1000).toFixed(0)} s with exit code ${status}`);
    console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
    process.exit(status === 0 && failed === 0 ? 0 : status || 1);
  },
  start() {
    process.exit(run('node', ['scripts/start.mjs', ...extraArgs]));
  },
  // The same product scaled out: PostgreSQL, N server processes, nginx in front (scripts/start-scaled.mjs)
  'start:scaled'() {
    process.exit(run('node', ['scripts/start-scaled.mjs', ...extraArgs]));
  },
  // The API under autocannon beside bare Express, then search at 1,000,000 listings (apps/server/bench)
  bench() {
    process.exit(run('npm', ['run', 'bench', '-w', '@recell/server', '--', ...extraArgs]));
  },
  // Lighthouse in Debian's Chromium against the product as `npm start` runs it (apps/e2e/bench/web.ts)
  'bench:web'() {
    ensureChromium();
    process.exit(run('npx', ['tsx', 'apps/e2e/bench/web.ts', ...extraArgs]));
  },
  // Storybook from start-up to a rendered story, then each next story, in wall and CPU seconds
  'bench:storybook'() {
    ensureChromium();
    process.exit(run('node', ['scripts/storybook-timing.mjs', ...extraArgs]));
  },
  // QA: the web app on mocked APIs (MSW in the browser), no server or emulator; Vite prints the URL and accounts
  'dev:mock'() {
    process.exit(run('npm', ['run', 'dev:mock', '-w', '@recell/web', '--', ...extraArgs]));
  },
  // The README's other commands go through the same bootstrap, so each works on a fresh machine too.
  ...Object.fromEntries(
    ['generate', 'build', 'typecheck', 'lint'].map((name) => [
      name,
      () => process.exit(run('npx', ['turbo', 'run', name, ...extraArgs])),
    ]),
  ),
  storybook() {
    process.exit(run('npx', ['storybook', 'dev', '-p', '6006', ...STORYBOOK_FLAGS, ...extraArgs]));
  },
  'build-storybook'() {
    process.exit(
      run('npx', [
        'storybook',
        'build',
        '-o',
        'storybook-static',
        '--quiet',
        '--disable-telemetry',
        ...extraArgs,
      ]),
    );
  },
};

if (!tasks[task]) {
  console.error(`usage: node scripts/run.mjs <${Object.keys(tasks).join('|')}>`);
  process.exit(2);
}
ensureNode();
ensureDependencies();
tasks[task]();
