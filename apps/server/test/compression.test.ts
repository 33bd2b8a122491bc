// Issue 12: the web app's assets go out as the build precompressed them (brotli or gzip, whichever the browser
// accepts; plain to a client that asks for neither) with their own type, Vary and caching; JSON answers and the
// page shells are compressed on the fly. Nothing changes for a client that sends no Accept-Encoding.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync, inflateSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { useServer } from './support/harness';
import { fakeWebDist } from './support/web-dist';

const dir = mkdtempSync(join(tmpdir(), 'recell-compression-'));
const dist = fakeWebDist(dir);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// A hashed script and stylesheet as `vite build` leaves them: the plain file with a .br and a .gz beside it.
// Each compressed copy is marked so the test knows which file was sent, not only that it decodes.
const SCRIPT = `export const app = ${JSON.stringify('phones '.repeat(400))};\n`;
const STYLE = `.card{aspect-ratio:4/3}\n`.repeat(100);
function precompressed(path: string, text: string) {
  writeFileSync(path, text);
  writeFileSync(`${path}.br`, brotliCompressSync(`${text}/*br*/`));
  writeFileSync(`${path}.gz`, gzipSync(`${text}/*gz*/`));
}
precompressed(join(dist, 'assets', 'index-9b1e7d.js'), SCRIPT);
precompressed(join(dist, 'assets', 'index-5c2a0f.css'), STYLE);
writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');

const ctx = useServer({ WEB_DIST: dist });

interface Raw {
  status: number;
  headers: IncomingHttpHeaders;
  /** The bytes as they came over the wire, not decoded. */
  bytes: Buffer;
}

/** A GET whose Accept-Encoding is exactly `encoding` (none at all when undefined), body left as sent. */
function get(path: string, encoding?: string, accept = '*/*'): Promise<Raw> {
  const { port } = ctx.app.server.address() as AddressInfo;
  const headers: Record<string, string> = { accept };
  if (encoding !== undefined) headers['accept-encoding'] = encoding;
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path, headers }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () =>
        resolve({
          status: incoming.statusCode ?? 0,
          headers: incoming.headers,
          bytes: Buffer.concat(chunks),
        }),
      );
    })
      .on('error', reject)
      .end();
  });
}

function decoded({ headers, bytes }: Raw): string {
  const encoding = headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(bytes).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(bytes).toString('utf8');
  if (encoding === 'deflate') return inflateSync(bytes).toString('utf8');
  expect(encoding).toBeUndefined();
  return bytes.toString('utf8');
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

describe('hashed assets', () => {
  it('go out as the brotli file to a browser that accepts brotli, whatever order it lists encodings in', async () => {
    for (const encoding of ['gzip, deflate, br, zstd', 'br', 'gzip;q=1.0, br;q=0.9']) {
      const response = await get('/assets/index-9b1e7d.js', encoding);
      expect(response.status).toBe(200);
      expect(response.headers['content-encoding'], encoding).toBe('br');
      expect(response.headers['content-type']).toMatch(/^text\/javascript; charset=utf-8$/i);
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.headers['cache-control']).toBe(IMMUTABLE);
      expect(Number(response.headers['content-length'])).toBe(response.bytes.length);
      expect(decoded(response)).toBe(`${SCRIPT}/*br*/`);
    }
  });

  it('go out as the gzip file when brotli is not accepted', async () => {
    for (const encoding of ['gzip', 'gzip, deflate', 'br;q=0, gzip']) {
      const response = await get('/assets/index-5c2a0f.css', encoding);
      expect(response.headers['content-encoding'], encoding).toBe('gzip');
      expect(response.headers['content-type']).toMatch(/^text\/css; charset=utf-8$/i);
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.headers['cache-control']).toBe(IMMUTABLE);
      expect(decoded(response)).toBe(`${STYLE}/*gz*/`);
    }
  });

  it('go out plain to a client that sends no Accept-Encoding, or accepts only identity', async () => {
    for (const encoding of [undefined, 'identity', 'gzip;q=0, br;q=0, identity']) {
      const response = await get('/assets/index-9b1e7d.js', encoding);
      expect(response.status).toBe(200);
      expect(response.headers['content-encoding'], String(encoding)).toBeUndefined();
      expect(response.headers['content-type']).toMatch(/^text\/javascript; charset=utf-8$/i);
      expect(response.headers['cache-control']).toBe(IMMUTABLE);
      expect(response.bytes.toString('utf8')).toBe(SCRIPT);
    }
  });

  it('are deflated on the fly for a client that accepts deflate alone (there is no precompressed copy)', async () => {
    const response = await get('/assets/index-9b1e7d.js', 'deflate');
    expect(response.headers['content-encoding']).toBe('deflate');
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(decoded(response)).toBe(SCRIPT);
  });

  it('keep the plain file for what the build did not compress', async () => {
    const small = await get('/assets/index-3f9a1c.js', 'br, gzip');
    expect(small.status).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.bytes.toString('utf8')).toBe('console.log("app")');
    const icon = await get('/favicon.svg', 'br, gzip');
    expect(icon.headers['content-type']).toBe('image/svg+xml');
    // outside /assets a file is not hashed, so it is revalidated
    expect(icon.headers['cache-control']).toBe('no-cache');
  });
});

describe('pages and JSON', () => {
  it('the page shell is compressed for a browser and plain without Accept-Encoding, with the same HTML', async () => {
    const brotli = await get('/', 'gzip, deflate, br', 'text/html');
    const plain = await get('/', undefined, 'text/html');
    expect(brotli.status).toBe(200);
    expect(plain.status).toBe(200);
    expect(brotli.headers['content-type']).toMatch(/^text\/html/);
    expect(brotli.headers['cache-control']).toBe('no-cache');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(decoded(brotli)).toBe(plain.bytes.toString('utf8'));
    expect(plain.bytes.toString('utf8')).toContain('<div id="root"></div>');
  });

  it('JSON answers are brotli or gzip as asked, identical once decoded, and plain when not asked', async () => {
    const path = '/api/blogs';
    const plain = await get(path);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toMatch(/^application\/json/);
    // over the 1 KB below which compressing is not worth it
    expect(plain.bytes.length).toBeGreaterThan(1024);
    const body = JSON.parse(plain.bytes.toString('utf8')) as unknown;
    for (const [encoding, expected] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['identity', undefined],
    ] as const) {
      const response = await get(path, encoding);
      expect(response.status).toBe(200);
      expect(response.headers['content-encoding'], encoding).toBe(expected);
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      if (expected) expect(response.bytes.length).toBeLessThan(plain.bytes.length);
      expect(JSON.parse(decoded(response))).toEqual(body);
    }
  });

  it('a JSON error is still the contract error once decoded', async () => {
    const response = await get('/api/nothing-here', 'br');
    expect(response.status).toBe(404);
    expect(JSON.parse(decoded(response))).toEqual({ message: 'Not found' });
  });
});
