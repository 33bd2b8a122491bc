// A real S3-compatible server for a test file: s3rver (the maintained @20minutes fork) on 127.0.0.1 at a free
// port, keeping objects in a temp folder, started and stopped by the test. The server under test reaches it
// through the AWS SDK exactly as it would reach AWS or MinIO; the test reads the bucket with its own client.
//
// One known gap of the fake: it canonicalises bucket-level paths (ListObjectsV2, DeleteObjects) as `/bucket`
// where the SDK signs `/bucket/`, so every such signature would be refused. Signatures are therefore not
// compared (`allowMismatchedSignatures`), but the access key id is still looked up: a wrong one is refused.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from '@20minutes/s3rver';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';

/** s3rver's one account. */
const KEY = 'S3RVER';

export interface TestS3 {
  bucket: string;
  /** The S3_* settings for the server under test. */
  env: Record<string, string>;
  /** The test's own view of the bucket. */
  client: S3Client;
  /** Every key in the bucket. */
  keys(): Promise<string[]>;
  close(): Promise<void>;
}

export async function startS3(options: { prefix?: string } = {}): Promise<TestS3> {
  const directory = mkdtempSync(join(tmpdir(), 'recell-s3-'));
  const bucket = 'recell-pictures';
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    allowMismatchedSignatures: true,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: KEY, secretAccessKey: KEY },
  });
  return {
    bucket,
    env: {
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: KEY,
      S3_SECRET_ACCESS_KEY: KEY,
      ...(options.prefix ? { S3_PREFIX: options.prefix } : {}),
    },
    client,
    async keys() {
      const page = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (page.Contents ?? []).map((object) => object.Key ?? '').sort();
    },
    async close() {
      client.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
