// `npm run bench:web`: the product as `npm start` runs it (its own data dir and free ports), measured by
// Lighthouse (mobile, default simulated throttling) in Debian's Chromium, 3 runs per page: the median of each
// category's score and of LCP, CLS and TBT. The public pages only: home, a listing's page and blogs (a signed-in
// category page needs a Firebase session in the browser, which Lighthouse's own navigation does not carry).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM, CHROMIUM_FLAGS, freePort } from '@recell/local/chromium';

const root = join(import.meta.dirname, '..', '..', '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PAGES: [string, string][] = [
  ['home', '/'],
  ['listing', '/mobile/m-samsung-s21'],
  ['blogs', '/blogs'],
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

/** The median of the runs that measured it (a run can miss a metric, e.g. Lighthouse's NO_LCP). */
function median(values: number[]): number {
  const measured = values.filter(Number.isFinite).sort((a, b) => a - b);
  return measured[Math.floor(measured.length / 2)] ?? NaN;
}

const dataDir = mkdtempSync(join(tmpdir(), 'recell-bench-web-'));
const [port, authPort] = [await freePort(), await freePort()];
const product = spawn(process.execPath, [join(root, 'scripts', 'start.mjs')], {
  cwd: root,
  env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), FIREBASE_AUTH_PORT: String(authPort) },
  stdio: ['ignore', 'pipe', 'inherit'],
});
try {
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(
      () => reject(new Error(`npm start was not ready after 5 min:\n${output}`)),
      300_000,
    );
    product.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('ReCell server listening')) {
        clearTimeout(timer);
        resolve();
      }
    });
    product.once('exit', (code) => reject(new Error(`npm start exited with ${code}:\n${output}`)));
  });
  const chrome = await launch({
    chromePath: CHROMIUM,
    // chrome-launcher's own headless flag: the new headless mode that Lighthouse measures.
    chromeFlags: [...CHROMIUM_FLAGS.filter((flag) => flag !== '--headless'), '--headless=new'],
  });
  try {
    console.log(`\nLighthouse (mobile), median of ${RUNS} runs`);
    console.log(`| page | ${CATEGORIES.join(' | ')} | LCP ms | CLS | TBT ms |`);
    console.log(`|---|${CATEGORIES.map(() => '---|').join('')}---|---|---|`);
    for (const [name, path] of PAGES) {
      const runs: { scores: number[]; lcp: number; cls: number; tbt: number }[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        const result = await lighthouse(`http://127.0.0.1:${port}${path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: [...CATEGORIES],
        });
        if (!result) throw new Error(`Lighthouse gave no result for ${path}`);
        const { categories, audits } = result.lhr;
        runs.push({
          scores: CATEGORIES.map((category) => Math.round((categories[category]?.score ?? 0) * 100)),
          lcp: audits['largest-contentful-paint']?.numericValue ?? NaN,
          cls: audits['cumulative-layout-shift']?.numericValue ?? NaN,
          tbt: audits['total-blocking-time']?.numericValue ?? NaN,
        });
        if (run === RUNS - 1 && categories.seo?.score !== 1) {
          const failed = Object.values(audits).filter(
            (audit) => audit.score === 0 && categories.seo?.auditRefs.some((ref) => ref.id === audit.id),
          );
          console.log(`  ${name}: SEO audits failing: ${failed.map((audit) => audit.id).join(', ')}`);
        }
      }
      const scores = CATEGORIES.map((_, index) => median(runs.map((run) => run.scores[index] ?? NaN)));
      console.log(
        `| ${name} ${path} | ${scores.join(' | ')} | ${median(runs.map((run) => run.lcp)).toFixed(0)} | ` +
          `${median(runs.map((run) => run.cls)).toFixed(3)} | ${median(runs.map((run) => run.tbt)).toFixed(0)} |`,
      );
    }
  } finally {
    chrome.kill();
  }
} finally {
  product.kill('SIGINT');
  await new Promise((resolve) => product.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
