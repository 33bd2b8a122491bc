// Pictures in S3-compatible storage: with S3_* set, an upload goes to the bucket as image/webp and
// nothing to the data dir, the listing keeps the /uploads/ URL, and the server streams the bytes back from the
// bucket with the same headers as the folder. The sweep lists and deletes in the bucket: an old orphan goes, a
// referenced picture stays, keys it did not write stay. A real S3 server (s3rver) on 127.0.0.1, no mocks.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { GetObjectCommand, HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { picturesRepository } from '../src/modules/pictures/repository';
import { s3PictureStore } from '../src/modules/pictures/s3-store';
import { GRACE_MS, sweepUnusedPictures } from '../src/modules/pictures/sweep';
import { createListing, jpeg } from './support/fixtures';
import {
  call,
  download as downloadFrom,
  personas,
  startApp,
  testEnv,
  type People,
  type TestApp,
} from './support/harness';
import { startS3, type TestS3 } from './support/s3';

const PREFIX = 'pictures/';
let s3: TestS3;
let app: TestApp;
let people: People;

beforeAll(async () => {
  // Without the trailing slash: the server adds it.
  s3 = await startS3({ prefix: 'pictures' });
  app = await startApp(s3.env);
  people = await personas(app);
});
afterAll(async () => {
  await app?.close();
  await s3?.close();
});

interface Stored {
  url: string;
  thumbnailUrl: string;
  width: number;
  height: number;
}

async function uploaded(bytes?: Buffer): Promise<Stored> {
  const response = await call(app.server, 'post', '/api/images', {
    token: people.seller.token,
    attach: { field: 'image', bytes: bytes ?? (await jpeg(64, 48)), filename: 'phone.jpg' },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.data as Stored;
}

const keyOf = (url: string) => PREFIX + basename(url);

async function objectBytes(key: string): Promise<Buffer> {
  const object = await s3.client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
  return Buffer.from(await object.Body!.transformToByteArray());
}

const download = (path: string, headers: Record<string, string> = {}) =>
  downloadFrom(app.server, path, headers);

describe('pictures in an S3-compatible bucket', () => {
  it('stores an upload in the bucket as image/webp; the listing shows it and /uploads/ streams it back', async () => {
    expect(app.config.s3).toMatchObject({ bucket: s3.bucket, prefix: PREFIX, forcePathStyle: true });
    const picture = await uploaded(await jpeg(800, 600));
    expect(picture).toMatchObject({ width: 800, height: 600 });
    expect(picture.url).toMatch(/^\/uploads\/[0-9a-f]{32}\.webp$/);
    expect(picture.thumbnailUrl).toMatch(/^\/uploads\/[0-9a-f]{32}-480\.webp$/);
    // In the bucket, with its type and cache lifetime; not in the data dir.
    for (const url of [picture.url, picture.thumbnailUrl]) {
      const head = await s3.client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: keyOf(url) }));
      expect(head.ContentType).toBe('image/webp');
      expect(head.CacheControl).toContain('immutable');
    }
    expect(readdirSync(app.config.uploadsDir)).toEqual([]);

    const id = await createListing(app.server, people.seller.token, { picture: picture.url });
    const shown = await call(app.server, 'get', `/api/mobile/${id}`);
    expect(shown.status).toBe(200);
    expect(JSON.stringify(shown.body)).toContain(`"picture":"${picture.url}"`);

    const full = await download(picture.url);
    expect(full.status).toBe(200);
    expect(full.headers['content-type']).toBe('image/webp');
    expect(full.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((full.body as Buffer).equals(await objectBytes(keyOf(picture.url)))).toBe(true);
    expect(await sharp(full.body as Buffer).metadata()).toMatchObject({
      format: 'webp',
      width: 800,
      height: 600,
    });
    const thumb = await download(picture.thumbnailUrl);
    expect(await sharp(thumb.body as Buffer).metadata()).toMatchObject({
      format: 'webp',
      width: 480,
      height: 360,
    });

    // HEAD: the headers alone; a browser's revalidation with the ETag: 304.
    const head = await request(app.server).head(picture.url);
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(String((full.body as Buffer).length));
    const again = await download(picture.url, { 'if-none-match': String(full.headers.etag) });
    expect(again.status).toBe(304);
  });

  it('answers 404 for a name the bucket does not have, and never serves a key this module did not write', async () => {
    const missing = await download(`/uploads/${randomBytes(16).toString('hex')}.webp`);
    expect(missing.status).toBe(404);
    expect(JSON.parse((missing.body as Buffer).toString())).toEqual({ message: 'Not found' });
    await s3.client.send(
      new PutObjectCommand({ Bucket: s3.bucket, Key: `${PREFIX}notes.html`, Body: '<script>1</script>' }),
    );
    expect((await download('/uploads/notes.html')).status).toBe(404);
    // The seed pictures are still the server's own files.
    expect((await download('/uploads/seed/none.webp')).status).toBe(404);
  });

  it('sweeps the bucket: an old orphan and an unused upload go, a listed picture and foreign keys stay', async () => {
    const listed = await uploaded();
    await createListing(app.server, people.seller.token, { picture: listed.url });
    const unused = await uploaded();
    const orphan = `${PREFIX}${randomBytes(16).toString('hex')}.webp`;
    const foreign = [`${PREFIX}notes.txt`, `elsewhere/${randomBytes(16).toString('hex')}.webp`];
    for (const Key of [orphan, ...foreign]) {
      await s3.client.send(new PutObjectCommand({ Bucket: s3.bucket, Key, Body: 'not really a picture' }));
    }
    const store = s3PictureStore(app.config.s3!);
    const repository = picturesRepository(app.db);
    // Everything is fresh: within the grace period nothing goes.
    expect(await sweepUnusedPictures({ store, repository })).toEqual([]);
    // A day and an hour on, everything is old.
    const later = Date.now() + GRACE_MS + 60 * 60 * 1000;
    const removed = await sweepUnusedPictures({ store, repository, now: later });
    expect(removed).toContain(basename(orphan));
    expect(removed).toEqual(expect.arrayContaining([basename(unused.url), basename(unused.thumbnailUrl)]));
    expect(removed).not.toContain(basename(listed.url));
    const keys = await s3.keys();
    for (const gone of [orphan, keyOf(unused.url), keyOf(unused.thumbnailUrl)])
      expect(keys).not.toContain(gone);
    expect(keys).toEqual(expect.arrayContaining([keyOf(listed.url), keyOf(listed.thumbnailUrl), ...foreign]));
    expect((await download(listed.url)).status).toBe(200);
    expect((await download(unused.url)).status).toBe(404);
    // Twice is like once.
    expect(await sweepUnusedPictures({ store, repository, now: later })).toEqual([]);
  });

  it('a bucket that refuses the server is a 503 for the upload, not a 500', async () => {
    const refused = await startApp({ ...s3.env, S3_ACCESS_KEY_ID: 'NOT-A-KEY' });
    try {
      const [seller] = [(await personas(refused)).seller];
      const response = await call(refused.server, 'post', '/api/images', {
        token: seller.token,
        attach: { field: 'image', bytes: await jpeg(64, 48), filename: 'phone.jpg' },
      });
      expect(response.status).toBe(503);
      expect(response.body).toEqual({
        message: 'Pictures cannot be reached right now; please try again in a minute',
      });
    } finally {
      await refused.close();
    }
  });
});

describe('the S3_* settings', () => {
  const dir = mkdtempSync(join(tmpdir(), 'recell-s3-config-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const load = (env: Record<string, string>) => loadConfig(testEnv(dir, env));
  const full = {
    S3_BUCKET: 'b',
    S3_REGION: 'us-east-1',
    S3_ENDPOINT: 'http://127.0.0.1:9000',
    S3_ACCESS_KEY_ID: 'k',
    S3_SECRET_ACCESS_KEY: 's',
  };

  it('none set: pictures stay in the data dir', () => {
    expect(load({}).s3).toBeUndefined();
  });

  it('path style by default with an endpoint, host style without; S3_FORCE_PATH_STYLE overrides', () => {
    expect(load(full).s3).toEqual({
      bucket: 'b',
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
      prefix: '',
      credentials: { accessKeyId: 'k', secretAccessKey: 's' },
    });
    expect(load({ S3_BUCKET: 'b', S3_REGION: 'eu-west-1' }).s3).toMatchObject({
      endpoint: undefined,
      forcePathStyle: false,
      credentials: undefined,
    });
    expect(load({ ...full, S3_FORCE_PATH_STYLE: '0', S3_PREFIX: 'a/b/' }).s3).toMatchObject({
      forcePathStyle: false,
      prefix: 'a/b/',
    });
  });

  it('refuses half-set settings, naming the one that fixes it', () => {
    const { S3_BUCKET: _bucket, ...noBucket } = full;
    expect(() => load(noBucket)).toThrow(/S3_REGION, S3_ENDPOINT, .* are set but S3_BUCKET is not/);
    expect(() => load({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(
      'S3_ENDPOINT is set but S3_BUCKET is not: set S3_BUCKET',
    );
    expect(() => load({ S3_BUCKET: 'b' })).toThrow(/S3_BUCKET needs S3_REGION/);
    expect(() => load({ ...full, S3_SECRET_ACCESS_KEY: '' })).toThrow(
      /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together/,
    );
    expect(() => load({ ...full, S3_ENDPOINT: '127.0.0.1:9000' })).toThrow(/S3_ENDPOINT must be an http/);
    expect(() => load({ ...full, S3_FORCE_PATH_STYLE: 'yes' })).toThrow(/S3_FORCE_PATH_STYLE must be 1 or 0/);
    expect(() => load({ ...full, S3_PREFIX: '/../x' })).toThrow(/S3_PREFIX must be/);
  });
});
