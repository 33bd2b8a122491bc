// A kept catalogue page in production: its bytes and their brotli and gzip copies are kept with it, sent as the
// client asks (as the compression middleware would), and thrown away with it on the next write.
import { mkdtempSync, rmSync } from 'node:fs';
import { request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import compression from 'compression';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database';
import { openDatabase } from '../src/db/sqlite';
import { cachedJson } from '../src/http/cached-json';

const dir = mkdtempSync(join(tmpdir(), 'recell-cached-json-'));
let db: Database;
let server: Server;
let computed = 0;

beforeAll(async () => {
  db = await openDatabase(join(dir, 'cache.sqlite'));
  await db.exec('CREATE TABLE phone (name TEXT NOT NULL)');
  await db.run('INSERT INTO phone (name) VALUES (?)', ['Galaxy S21 '.repeat(200)]);
  const send = cachedJson(db, true);
  const app = express().use(compression());
  app.get('/page', (req, res) =>
    send(req, res, async () => {
      computed += 1;
      return { items: await db.all('SELECT name FROM phone ORDER BY rowid') };
    }),
  );
  app.get('/small', (req, res) => send(req, res, async () => ({ items: [] })));
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await db.close();
  rmSync(dir, { recursive: true, force: true });
});

function get(path: string, encoding?: string) {
  const { port } = server.address() as AddressInfo;
  return new Promise<{ headers: IncomingHttpHeaders; bytes: Buffer }>((resolve, reject) => {
    const headers = encoding === undefined ? {} : { 'accept-encoding': encoding };
    request({ host: '127.0.0.1', port, path, headers }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () => resolve({ headers: incoming.headers, bytes: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}

const decoders: Record<string, (bytes: Buffer) => Buffer> = {
  br: brotliDecompressSync,
  gzip: gunzipSync,
  deflate: inflateSync,
};

function decoded({ headers, bytes }: { headers: IncomingHttpHeaders; bytes: Buffer }): unknown {
  const encoding = headers['content-encoding'];
  const decode = encoding === undefined ? (plain: Buffer) => plain : decoders[encoding];
  if (!decode) throw new Error(`unexpected Content-Encoding ${encoding}`);
  return JSON.parse(decode(bytes).toString('utf8'));
}

describe('a kept JSON page', () => {
  it('goes out brotli, gzip or plain as the client asks, the same page each time, computed once', async () => {
    const plain = await get('/page');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const page = decoded(plain);
    for (const [encoding, expected] of [
      ['gzip, deflate, br', 'br'],
      ['br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      ['gzip;q=1.0, br;q=0.9', 'gzip'],
      ['identity', undefined],
      // no copy kept: the compression middleware deflates it as it would any answer
      ['deflate', 'deflate'],
      ['gzip, deflate, br', 'br'],
    ] as const) {
      const response = await get('/page', encoding);
      expect(response.headers['content-encoding'], encoding).toBe(expected);
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      // kept bytes go out whole, with their length (what is compressed on the fly is chunked)
      if (expected !== 'deflate')
        expect(Number(response.headers['content-length'])).toBe(response.bytes.length);
      if (expected) expect(response.bytes.length).toBeLessThan(plain.bytes.length / 5);
      expect(decoded(response), encoding).toEqual(page);
    }
    expect(computed).toBe(1);
  });

  it('is thrown away with its compressed copies on the next write', async () => {
    await get('/page', 'br');
    await get('/page', 'gzip');
    await db.run('INSERT INTO phone (name) VALUES (?)', ['iPhone 13']);
    for (const encoding of ['br', 'gzip', undefined]) {
      const { items } = decoded(await get('/page', encoding)) as { items: { name: string }[] };
      expect(items.map((item) => item.name).at(-1), encoding).toBe('iPhone 13');
    }
  });

  it('stays plain under 1 KB', async () => {
    const small = await get('/small', 'br, gzip');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(decoded(small)).toEqual({ items: [] });
  });
});
