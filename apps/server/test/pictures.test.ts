// POST /images: sellers only, 5 MB cap, type from the bytes, re-encoded by sharp (rotated, metadata and GPS
// gone, at most 1600 px, a 480 px thumbnail, WebP), served under a generated name with long cache headers.
import request from 'supertest';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { jpeg } from './support/fixtures';
import { call, useServer } from './support/harness';

const ctx = useServer();

/** A stored picture's bytes and headers. */
const download = (path: string) =>
  request(ctx.app.server)
    .get(path)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });

const upload = (token: string | null, bytes: Buffer, filename = 'phone.jpg', field = 'image') =>
  call(ctx.app.server, 'post', '/api/images', { token, attach: { field, bytes, filename } });

describe('POST /images', () => {
  it('re-encodes a camera picture: upright, no EXIF or GPS, at most 1600 px, WebP, with a thumbnail', async () => {
    // A 2400 x 1800 landscape JPEG whose EXIF says "rotate 90°" and carries a GPS position.
    const camera = await sharp({ create: { width: 2400, height: 1800, channels: 3, background: '#3a6' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({
        IFD0: { Make: 'PhoneCam', Model: 'X1' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '23/1 46/1 0/1',
          GPSLongitudeRef: 'E',
          GPSLongitude: '90/1 24/1 0/1',
        },
      })
      .toBuffer();
    expect(await sharp(camera).metadata()).toMatchObject({ orientation: 6, exif: expect.any(Buffer) });
    expect(camera.includes(Buffer.from('PhoneCam'))).toBe(true);

    const response = await upload(ctx.people.seller.token, camera);
    expect(response.status).toBe(201);
    const { url, thumbnailUrl, width, height } = response.body.data as {
      url: string;
      thumbnailUrl: string;
      width: number;
      height: number;
    };
    expect(url).toMatch(/^\/uploads\/[0-9a-f]{32}\.webp$/);
    // Rotated upright: portrait now, and within 1600 px.
    expect({ width, height }).toEqual({ width: 1200, height: 1600 });

    const stored = await download(url);
    expect(stored.status).toBe(200);
    expect(stored.headers['content-type']).toBe('image/webp');
    expect(stored.headers['cache-control']).toContain('immutable');
    const meta = await sharp(stored.body as Buffer).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1200, height: 1600 });
    expect(meta.exif).toBeUndefined();
    expect((stored.body as Buffer).includes(Buffer.from('PhoneCam'))).toBe(false);

    const thumb = await download(thumbnailUrl);
    expect(await sharp(thumb.body as Buffer).metadata()).toMatchObject({
      format: 'webp',
      width: 360,
      height: 480,
    });
  });

  it('keeps small pictures their size', async () => {
    const response = await upload(ctx.people.seller.token, await jpeg(64, 48));
    expect(response.body.data).toMatchObject({ width: 64, height: 48 });
  });

  it('reads the type from the bytes: a text file named .png is 415, an SVG is 415', async () => {
    const text = await upload(ctx.people.seller.token, Buffer.from('<?php echo "hi"; ?>'), 'phone.png');
    expect(text.status).toBe(415);
    expect(text.body).toEqual({ message: 'Upload a JPEG, PNG or WebP picture' });
    const svg = await upload(
      ctx.people.seller.token,
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      'a.svg',
    );
    expect(svg.status).toBe(415);
    // Right magic number, broken picture.
    const truncated = Buffer.concat([(await jpeg(400, 300)).subarray(0, 200)]);
    expect((await upload(ctx.people.seller.token, truncated)).status).toBe(415);
  });

  it('caps the size at 5 MB (413) and needs multipart with the field "image"', async () => {
    const big = Buffer.concat([await jpeg(), Buffer.alloc(5 * 1024 * 1024)]);
    const tooLarge = await upload(ctx.people.seller.token, big);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body).toEqual({ message: 'The picture must be 5 MB or smaller' });
    const wrongField = await upload(ctx.people.seller.token, await jpeg(), 'phone.jpg', 'picture');
    expect(wrongField.status).toBe(400);
    // Not multipart at all: the contract's 415.
    const empty = await call(ctx.app.server, 'post', '/api/images', { token: ctx.people.seller.token });
    expect(empty.status).toBe(415);
  });

  it('is for signed-in sellers only, and reads nothing before that is known', async () => {
    expect((await upload(null, await jpeg())).status).toBe(401);
    expect((await upload(ctx.people.buyer.token, await jpeg())).status).toBe(403);
    expect((await upload(ctx.people.admin.token, await jpeg())).status).toBe(403);
  });
});
