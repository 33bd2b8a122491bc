// Pictures in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2...), for servers that run as several processes.
// The bucket stays private: the server streams GET /uploads/<name> from it, so pictures keep one origin with the
// web app (the CSP's img-src 'self' holds) and stored URLs do not name the bucket. A CDN or the load balancer
// can cache /uploads/ for a year, as the names never change.
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type * as S3 from '@aws-sdk/client-s3';
import { Router } from 'express';
import type { Logger } from 'pino';
import type { S3Config } from '../../config';
import { HttpError } from '../../http/errors';
import { LONG_CACHE_HEADER, STORED, type PictureStore } from './store';

/** DeleteObjects takes at most 1,000 keys a request. */
const DELETE_BATCH = 1000;

function s3Client(sdk: typeof S3, config: S3Config): S3.S3Client {
  return new sdk.S3Client({
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    ...(config.endpoint
      ? {
          endpoint: config.endpoint,
          // The SDK's default CRC32 checksums on every request are not understood by every S3-compatible
          // server; send them only where the API requires them (DeleteObjects).
          requestChecksumCalculation: 'WHEN_REQUIRED' as const,
          responseChecksumValidation: 'WHEN_REQUIRED' as const,
        }
      : {}),
    ...(config.credentials ? { credentials: config.credentials } : {}),
    // A bucket that stops answering must not hold an upload's place (gates.ts) or a reader's socket for long.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
  });
}

const statusOf = (error: unknown) =>
  (error as { $metadata?: { httpStatusCode?: number } } | undefined)?.$metadata?.httpStatusCode;

export function s3PictureStore(
  config: S3Config,
  options: { logger?: Logger | undefined } = {},
): PictureStore {
  // The SDK is loaded only when a bucket is configured: it adds 0.15-0.3 s to every start otherwise.
  const ready = import('@aws-sdk/client-s3').then((sdk) => ({ sdk, client: s3Client(sdk, config) }));
  // A failure is answered where the client is awaited (503, or the sweep's warning), not as an unhandled rejection.
  ready.catch(() => undefined);
  const { bucket: Bucket, prefix } = config;
  const unavailable = (doing: string, error: unknown) => {
    options.logger?.warn({ err: error, bucket: Bucket }, `picture storage failed to ${doing}`);
    return new HttpError(503, 'Pictures cannot be reached right now; please try again in a minute');
  };

  return {
    async put(file, bytes, contentType) {
      try {
        const { sdk, client } = await ready;
        await client.send(
          new sdk.PutObjectCommand({
            Bucket,
            Key: prefix + file,
            Body: bytes,
            ContentType: contentType,
            // For whatever sits in front of the bucket too (a CDN reading it directly).
            CacheControl: LONG_CACHE_HEADER,
          }),
        );
      } catch (error) {
        throw unavailable('store a picture', error);
      }
    },

    async *list() {
      const { sdk, client } = await ready;
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new sdk.ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }),
        );
        for (const object of page.Contents ?? []) {
          if (!object.Key || !object.LastModified) continue;
          yield { file: object.Key.slice(prefix.length), modifiedMs: object.LastModified.getTime() };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },

    async remove(files) {
      const { sdk, client } = await ready;
      for (let start = 0; start < files.length; start += DELETE_BATCH) {
        const Objects = files.slice(start, start + DELETE_BATCH).map((file) => ({ Key: prefix + file }));
        // Quiet: only failures are listed; a key that is already gone counts as deleted.
        const answer = await client.send(
          new sdk.DeleteObjectsCommand({ Bucket, Delete: { Objects, Quiet: true } }),
        );
        const failed = answer.Errors ?? [];
        if (failed.length > 0) {
          throw new Error(
            `${failed.length} pictures were not deleted from the bucket (${failed[0]?.Code}: ${failed[0]?.Message})`,
          );
        }
      }
    },

    serve() {
      const router = Router();
      // GET, and HEAD (which Express routes here too) without the body.
      router.get('/:file', async (req, res) => {
        const { file } = req.params;
        // Only names this module writes: nothing else in the bucket is reachable through the server.
        if (!STORED.test(file)) throw new HttpError(404, 'Not found');
        const input = { Bucket, Key: prefix + file, IfNoneMatch: req.get('if-none-match') || undefined };
        let answer;
        try {
          const { sdk, client } = await ready;
          answer =
            req.method === 'HEAD'
              ? await client.send(new sdk.HeadObjectCommand(input))
              : await client.send(new sdk.GetObjectCommand(input));
        } catch (error) {
          const status = statusOf(error);
          if (status === 304) {
            res.status(304).set('cache-control', LONG_CACHE_HEADER).end();
            return;
          }
          if (status === 404) throw new HttpError(404, 'Not found');
          throw unavailable('read a picture', error);
        }
        // The type from the name, as express.static does for the folder, not from the object's metadata.
        res.type('image/webp').set('cache-control', LONG_CACHE_HEADER);
        if (answer.ContentLength !== undefined) res.set('content-length', String(answer.ContentLength));
        if (answer.ETag) res.set('etag', answer.ETag);
        if (answer.LastModified) res.set('last-modified', answer.LastModified.toUTCString());
        if (!('Body' in answer) || !answer.Body) {
          res.end();
          return;
        }
        // A client that goes away mid-file ends the pipeline early: there is nobody left to answer.
        await pipeline(answer.Body as Readable, res).catch(() => undefined);
      });
      return router;
    },
  };
}
