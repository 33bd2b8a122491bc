// `tsx bench/pictures.ts`: what a burst of picture uploads costs the server. The app runs in this process (built
// by buildServer, as the tests build it) over a fresh SQLite temp file, with 16 seeded sellers signed in by access
// token (no emulator needed). The uploads come from a child process (this file, run with --client), so the RSS
// measured here is the server's alone, not the test pictures' or the HTTP client's. Two bursts of 16 concurrent
// uploads, one per seller: 7000x7000 PNGs of 156 KB (decompression bait), then 12 MP camera-like JPEGs (what a
// seller really sends). For each: elapsed time, the answers, the server's RSS before and at its peak, and
// GET /health latency meanwhile (probed every 20 ms). BENCH_BURST=png or jpeg runs one burst only.
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { signAccessToken } from '../src/auth/access-token';
import type { Identity } from '../src/auth/identity';
import { buildServer } from '../src/build-server';
import { loadConfig } from '../src/config';
import { usersRepository } from '../src/modules/users/repository';

const UPLOADS = 16;
const SECRET = 'bench-secret-bench-secret-bench-secret-0123456789';
const MB = 1024 * 1024;
const BURSTS = ['png', 'jpeg'].filter((name) => !process.env.BENCH_BURST || process.env.BENCH_BURST === name);

interface BurstResult {
  burst: string;
  'each (KB)': number;
  answers: string;
  'elapsed (ms)': number;
  '/health p50 (ms)': number;
  '/health max (ms)': number;
  '/health calls': number;
}

/** The client: makes the pictures, then runs each burst it is asked for and answers what it saw. */
async function client(base: string, tokens: string[]) {
  const create = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: '#3a6' } });
  const pictures: Record<string, { bytes: Buffer; filename: string; label: string }> = {
    png: {
      bytes: await create(7000, 7000).png({ compressionLevel: 9 }).toBuffer(),
      filename: 'bait.png',
      label: `${UPLOADS} x 7000x7000 PNG`,
    },
    // Fine noise, lightly blurred: a 4032x3024 JPEG of a few MB, like a phone camera's.
    jpeg: {
      bytes: await sharp({
        create: {
          width: 4032,
          height: 3024,
          channels: 3,
          background: '#000',
          noise: { type: 'gaussian', mean: 128, sigma: 24 },
        },
      })
        .blur(0.6)
        .jpeg({ quality: 88 })
        .toBuffer(),
      filename: 'camera.jpg',
      label: `${UPLOADS} x 4032x3024 JPEG`,
    },
  };
  const upload = async (token: string, bytes: Buffer, filename: string) => {
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(bytes)]), filename);
    const response = await fetch(`${base}/images`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    await response.arrayBuffer();
    return response.status;
  };
  // One small upload first, so sharp and the routes are loaded before anything is timed.
  await upload(tokens[0] ?? '', await create(8, 8).jpeg().toBuffer(), 'warm.jpg');
  process.send?.({ ready: true });

  process.on('message', async (name: string) => {
    const { bytes, filename, label } = pictures[name]!;
    const started = performance.now();
    let done = false;
    const uploads = Promise.all(tokens.map((token) => upload(token, bytes, filename))).finally(() => {
      done = true;
    });
    const health: number[] = [];
    // One probe every 20 ms, as a load balancer's health check would; back to back, the probe itself would take
    // CPU from the uploads in proportion to how fast the server answers it.
    while (!done) {
      const asked = performance.now();
      await (await fetch(`${base}/health`)).arrayBuffer();
      health.push(performance.now() - asked);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const statuses = await uploads;
    const elapsed = performance.now() - started;
    health.sort((a, b) => a - b);
    const counts = new Map<number, number>();
    for (const status of statuses) counts.set(status, (counts.get(status) ?? 0) + 1);
    const result: BurstResult = {
      burst: label,
      'each (KB)': Math.round(bytes.length / 1024),
      answers: [...counts].map(([status, count]) => `${count}x${status}`).join(' '),
      'elapsed (ms)': Math.round(elapsed),
      '/health p50 (ms)': Math.round(health[Math.floor(health.length / 2)] ?? 0),
      '/health max (ms)': Math.round(health.at(-1) ?? 0),
      '/health calls': health.length,
    };
    process.send?.(result);
  });
}

/** Access tokens are verified with our own secret, so Firebase is never asked. */
const noIdentity: Identity = {
  verifyIdToken: () => Promise.resolve(null),
  deleteAccount: () => Promise.resolve(),
  ensureAccount: () => Promise.resolve(''),
  ensurePhoneSecondFactor: () => Promise.resolve(),
  close: () => Promise.resolve(),
};

async function server() {
  const dir = mkdtempSync(join(tmpdir(), 'recell-bench-pictures-'));
  const { app, config, db, close } = await buildServer(
    loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: dir,
      JWT_SECRET: SECRET,
      // A real-looking project id (not demo mode); it is never contacted: identity is stubbed above.
      FIREBASE_PROJECT_ID: 'recell-bench',
      LOG_LEVEL: 'silent',
      WEB_DIST: join(dir, 'no-web-build'),
    }),
    { identity: noIdentity },
  );
  const users = usersRepository(db);
  const tokens: string[] = [];
  for (let index = 0; index < UPLOADS; index += 1) {
    const seller = { id: `u-bench-seller-${index}`, email: `bench-seller-${index}@recell.test` };
    await users.insert(
      { ...seller, firebase_uid: null, name: `Bench Seller ${index}`, role: 'seller' },
      new Date().toISOString(),
    );
    tokens.push(
      await signAccessToken(config.jwtSecret, { sub: seller.id, email: seller.email, role: 'seller' }),
    );
  }
  const listening = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => listening.once('listening', resolve));
  const base = `http://127.0.0.1:${(listening.address() as AddressInfo).port}/api`;

  const child = fork(import.meta.filename, ['--client', base, JSON.stringify(tokens)], {
    execArgv: ['--import', 'tsx'],
  });
  const next = () => new Promise<unknown>((resolve) => child.once('message', resolve));
  try {
    await next();
    const rows = [];
    for (const name of BURSTS) {
      const before = process.memoryUsage.rss();
      let peak = before;
      const sampler = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage.rss());
      }, 5);
      const answered = next();
      child.send(name);
      const result = (await answered) as BurstResult;
      clearInterval(sampler);
      rows.push({
        ...result,
        'RSS before (MB)': Math.round(before / MB),
        'RSS peak (MB)': Math.round(peak / MB),
      });
    }
    console.table(rows);
    console.log(`server's peak RSS (getrusage): ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`);
  } finally {
    child.kill();
    await new Promise((resolve) => listening.close(resolve));
    await close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--client') await client(process.argv[3] ?? '', JSON.parse(process.argv[4] ?? '[]'));
else await server();
