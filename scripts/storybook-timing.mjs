#!/usr/bin/env node
// Times Storybook as a person meets it: `storybook dev` started, the manager opened in Chromium at a story, then
// a walk through other stories in the same tab. Prints seconds to the server's first answer, to the first story
// rendered (its play function done), and for each next story, with the CPU seconds Storybook's server and
// Chromium spent on each. Usage: npm run bench:storybook -- [story ids] (STORYBOOK_LOG=file keeps its output).
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { chromium } from 'playwright';
import { CHROMIUM, CHROMIUM_FLAGS } from '@recell/local/chromium';
import { freePort } from '@recell/local/ports';

const walk = process.argv.slice(2);
const TICKS = 100; // USER_HZ on Linux

/**
 * CPU seconds used so far by a process and everything under it (on a shared machine the wall clock mostly measures
 * the neighbours; CPU time is what this work costs).
 */
function cpuOfTree(root) {
  const stats = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const fields = readFileSync(`/proc/${name}/stat`, 'utf8').split(') ')[1].split(' ');
      // after the command: state ppid ... utime(12) stime(13) cutime(14) cstime(15), counted from state = 1
      stats.set(Number(name), {
        ppid: Number(fields[1]),
        ticks: fields.slice(11, 15).reduce((a, b) => a + Number(b), 0),
      });
    } catch {
      // gone meanwhile
    }
  }
  let total = 0;
  const visit = (pid) => {
    total += stats.get(pid)?.ticks ?? 0;
    for (const [child, { ppid }] of stats) if (ppid === pid) visit(child);
  };
  visit(root);
  return total / TICKS;
}

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const started = performance.now();
const seconds = () => ((performance.now() - started) / 1000).toFixed(1);
const storybook = spawn(
  'npx',
  [
    'storybook',
    'dev',
    '-p',
    String(port),
    '--host',
    '127.0.0.1',
    '--ci',
    '--no-version-updates',
    '--disable-telemetry',
  ],
  { stdio: ['ignore', 'pipe', 'pipe'], detached: true },
);
let output = '';
storybook.stdout.on('data', (chunk) => (output += chunk));
storybook.stderr.on('data', (chunk) => (output += chunk));
const stop = () => {
  try {
    process.kill(-storybook.pid, 'SIGTERM');
  } catch {
    // already gone
  }
};

try {
  let index;
  for (;;) {
    if (storybook.exitCode !== null) throw new Error(`storybook exited:\n${output}`);
    try {
      const response = await fetch(`${base}/index.json`);
      if (response.ok) {
        index = await response.json();
        break;
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  console.log(`server answered: ${seconds()} s; CPU: server ${cpuOfTree(storybook.pid).toFixed(1)} s`);
  const stories = Object.values(index.entries).filter((entry) => entry.type === 'story');
  const ids = walk.length ? walk : [stories[0].id];
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  // Chromium and Storybook both run under this process: the browser is the rest of its tree
  const usage = () => {
    const server = cpuOfTree(storybook.pid);
    const own = process.cpuUsage();
    return { server, browser: cpuOfTree(process.pid) - server - (own.user + own.system) / 1e6 };
  };
  let last = { server: 0, browser: 0 };
  const cpu = () => {
    const now = usage();
    const text = `CPU: server ${(now.server - last.server).toFixed(1)} s, browser ${(now.browser - last.browser).toFixed(1)} s`;
    last = now;
    return text;
  };
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  page.on('pageerror', (error) => console.log(`page error: ${error.message}`));
  await page.goto(`${base}/?path=/story/${ids[0]}`);
  const frame = await (
    await page.waitForSelector('#storybook-preview-iframe', { timeout: 120_000 })
  ).contentFrame();
  let requests = 0;
  page.on('requestfinished', () => (requests += 1));
  await frame.waitForFunction(() => window.__STORYBOOK_ADDONS_CHANNEL__, null, { timeout: 300_000 });
  const done = (id) =>
    frame.waitForFunction(
      (storyId) => {
        const render = window.__STORYBOOK_PREVIEW__?.currentRender;
        // its play function done (axe runs after, in afterEach)
        return (
          render?.id === storyId &&
          ['played', 'completing', 'completed', 'afterEach', 'finished'].includes(render.phase)
        );
      },
      id,
      { timeout: 300_000, polling: 50 },
    );
  await done(ids[0]);
  console.log(`first story ${ids[0]}: ${seconds()} s after start; ${cpu()}; ${requests} requests`);
  for (const id of ids.slice(1)) {
    const before = performance.now();
    requests = 0;
    // the preview's channel switches the story as the sidebar does (Storybook logs that it ignored the echo)
    await frame.evaluate((storyId) => {
      window.__STORYBOOK_ADDONS_CHANNEL__.emit('setCurrentStory', { storyId, viewMode: 'story' });
    }, id);
    await done(id);
    console.log(
      `next story ${id}: ${((performance.now() - before) / 1000).toFixed(1)} s; ${cpu()}; ${requests} requests`,
    );
  }
  await browser.close();
} finally {
  stop();
  if (process.env.STORYBOOK_LOG) writeFileSync(process.env.STORYBOOK_LOG, output);
}
