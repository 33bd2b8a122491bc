// `npm run bench:web`: the product as `npm start` runs it (its own data dir and free ports), measured by
// Lighthouse (mobile, default simulated throttling) in Debian's Chromium, 3 runs per page: the median of each
// category's score and of FCP, LCP, CLS and TBT. Public pages (home, a listing's page, blogs) start from an empty
// browser as Lighthouse leaves it; the signed-in ones (a category, search results) are opened after the demo
// buyer signs in through the Auth emulator in the same browser, with its HTTP cache emptied before each run so
// they load cold too, only the session kept. BENCH_PAGES=home,category picks pages; BENCH_REPORT_DIR keeps
// each run's Lighthouse JSON (what it blames for layout shift, the LCP element, unused JS).
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { demoAccounts } from '@recell/api/fixtures';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM, CHROMIUM_FLAGS } from '@recell/local/chromium';
import { freePort } from '@recell/local/ports';
import { waitForOutput } from '@recell/local/ready';
import puppeteer, { type Browser } from 'puppeteer-core';

const root = join(import.meta.dirname, '..', '..', '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
interface BenchPage {
  name: string;
  path: string;
  signedIn?: boolean;
}
const ALL_PAGES: BenchPage[] = [
  { name: 'home', path: '/' },
  { name: 'listing', path: '/mobile/m-samsung-s21' },
  { name: 'blogs', path: '/blogs' },
  { name: 'category', path: '/category/02', signedIn: true },
  { name: 'search', path: '/search?q=galaxy', signedIn: true },
];
const picked = process.env.BENCH_PAGES?.split(',');
const PAGES = ALL_PAGES.filter((page) => !picked || picked.includes(page.name));
const reportDir = process.env.BENCH_REPORT_DIR;
if (reportDir) mkdirSync(reportDir, { recursive: true });
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const throttling = process.env.BENCH_THROTTLING ?? 'simulate';

/** The median of the runs that measured it (a run can miss a metric, e.g. Lighthouse's NO_LCP). */
function median(values: number[]): number {
  const measured = values.filter(Number.isFinite).sort((a, b) => a - b);
  return measured[Math.floor(measured.length / 2)] ?? NaN;
}

/** The demo buyer signs in through the login form, as a person would; the session stays in the browser. */
async function signInAsBuyer(browser: Browser, origin: string): Promise<void> {
  const page = await browser.newPage();
  await page.goto(`${origin}/login`);
  await page.locator('input[type="email"]').fill(demoAccounts.buyer.email);
  await page.locator('input[type="password"]').fill(demoAccounts.buyer.password);
  // the login form's own button, not the navbar search's
  await page.locator('form:has(input[type="password"]) button[type="submit"]').click();
  // signed in, the form sends the buyer on to the page they came for (home)
  await page.waitForFunction(() => location.pathname !== '/login', { timeout: 60_000 });
  await page.close();
}

async function clearHttpCache(browser: Browser): Promise<void> {
  const page = await browser.newPage();
  const session = await page.createCDPSession();
  await session.send('Network.clearBrowserCache');
  await session.detach();
  await page.close();
}

const dataDir = mkdtempSync(join(tmpdir(), 'recell-bench-web-'));
const [port, authPort] = [await freePort(), await freePort()];
const product = spawn(process.execPath, [join(root, 'scripts', 'start.mjs')], {
  cwd: root,
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    FIREBASE_AUTH_PORT: String(authPort),
    // every signed-in page load exchanges the session for the API's token
    RATE_LIMIT_TOKEN: '10000',
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
try {
  await waitForOutput(product, 'ReCell server listening', { name: 'npm start', seconds: 300 });
  const chrome = await launch({
    chromePath: CHROMIUM,
    // chrome-launcher's own headless flag: the new headless mode that Lighthouse measures.
    chromeFlags: [...CHROMIUM_FLAGS.filter((flag) => flag !== '--headless'), '--headless=new'],
  });
  try {
    console.log(`\nLighthouse (mobile, ${throttling} throttling), median of ${RUNS} runs`);
    console.log(`| page | ${CATEGORIES.join(' | ')} | FCP ms | LCP ms | CLS | TBT ms |`);
    console.log(`|---|${CATEGORIES.map(() => '---|').join('')}---|---|---|---|`);
    const origin = `http://127.0.0.1:${port}`;
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    let signedIn = false;
    for (const { name, path, signedIn: needsSession } of PAGES) {
      if (needsSession && !signedIn) {
        await signInAsBuyer(browser, origin);
        signedIn = true;
      }
      const runs: { scores: number[]; fcp: number; lcp: number; cls: number; tbt: number }[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        if (needsSession) await clearHttpCache(browser);
        const result = await lighthouse(`${origin}${path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: [...CATEGORIES],
          // BENCH_THROTTLING=devtools: the slow network and CPU applied to the page as it loads (observed), not
          // simulated afterwards from an unthrottled load (Lighthouse's default)
          ...(throttling === 'devtools' ? { throttlingMethod: 'devtools' as const } : {}),
          // Lighthouse would otherwise clear the origin's storage, and the session with it
          disableStorageReset: needsSession,
        });
        if (!result) throw new Error(`Lighthouse gave no result for ${path}`);
        const { categories, audits } = result.lhr;
        if (needsSession && result.lhr.finalDisplayedUrl !== `${origin}${path}`) {
          throw new Error(
            `${path} was not shown signed in: Lighthouse ended on ${result.lhr.finalDisplayedUrl}`,
          );
        }
        // a public page's run empties the origin's storage: the next signed-in page signs in again
        if (!needsSession) signedIn = false;
        if (reportDir) writeFileSync(join(reportDir, `${name}-${run + 1}.json`), JSON.stringify(result.lhr));
        runs.push({
          // a run Lighthouse could not score (its NO_NAVSTART on a busy machine) is left out, not counted as 0
          scores: CATEGORIES.map((category) => {
            const score = categories[category]?.score;
            return typeof score === 'number' ? Math.round(score * 100) : NaN;
          }),
          fcp: audits['first-contentful-paint']?.numericValue ?? NaN,
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
      const unscored = runs.filter((run) => !Number.isFinite(run.scores[0])).length;
      if (unscored > 0)
        console.log(`  ${name}: ${unscored} of ${RUNS} runs had no score (left out of the median)`);
      console.log(
        `| ${name}${needsSession ? ' (signed in)' : ''} ${path} | ${scores.join(' | ')} | ${median(runs.map((run) => run.fcp)).toFixed(0)} | ` +
          `${median(runs.map((run) => run.lcp)).toFixed(0)} | ` +
          `${median(runs.map((run) => run.cls)).toFixed(3)} | ${median(runs.map((run) => run.tbt)).toFixed(0)} |`,
      );
    }
    await browser.disconnect();
  } finally {
    chrome.kill();
  }
} finally {
  product.kill('SIGINT');
  await new Promise((resolve) => product.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
