// Public catalogue pages are the same for every caller until something is written: their serialized bytes are
// kept in the database's read cache (emptied by any write), keyed by the URL, and so are their brotli and gzip
// copies. Authentication and request validation still run on every request; the query, mapping,
// JSON.stringify and compression are skipped. (Compressing a 10 KB page on every request tripled the CPU of a
// browser's cached page: 160 -> 490 us.)
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Request, Response } from 'express';
import Negotiator from 'negotiator';
import type { Database } from '../db/database';

type CachedRequest = Pick<Request, 'originalUrl' | 'headers'>;

export type SendCachedJson = (
  req: CachedRequest,
  res: Response,
  compute: () => Promise<unknown>,
) => Promise<void>;

// As the compression middleware (app.ts) sends the rest: brotli before gzip when the client likes them
// equally, at its brotli quality and zlib's default gzip level, and nothing below 1 KB.
const ENCODINGS = ['br', 'gzip', 'identity'];
const PREFERRED = ['br', 'gzip'];
const THRESHOLD = 1024;
const encoders = {
  br: (bytes: Buffer) =>
    promisify(brotliCompress)(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 4,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    }),
  gzip: (bytes: Buffer) => promisify(gzip)(bytes),
};
type Encoding = keyof typeof encoders;

/** A page's bytes, and each compressed copy once a client has asked for it: one cache entry, so one version. */
interface Kept {
  plain: Buffer;
  encoded: Map<Encoding, Promise<Buffer>>;
}

function encodingFor(req: CachedRequest, plain: Buffer): Encoding | undefined {
  if (plain.length < THRESHOLD) return undefined;
  const chosen = new Negotiator(req).encoding(ENCODINGS, { preferred: PREFERRED });
  return chosen === 'br' || chosen === 'gzip' ? chosen : undefined;
}

export function cachedJson(db: Database, production: boolean): SendCachedJson {
  return async (req, res, compute) => {
    const kept = await db.memo<Kept>(`json\u0000${req.originalUrl}`, async () => ({
      plain: Buffer.from(JSON.stringify(await compute())),
      encoded: new Map(),
    }));
    // Outside production the response validator must see the answer, and it hooks res.json.
    if (!production) return void res.json(JSON.parse(kept.plain.toString('utf8')));
    res.vary('Accept-Encoding').type('application/json');
    const encoding = encodingFor(req, kept.plain);
    if (!encoding) return void res.send(kept.plain);
    let encoded = kept.encoded.get(encoding);
    if (!encoded) {
      encoded = encoders[encoding](kept.plain);
      kept.encoded.set(encoding, encoded);
      // a failure is not kept: the next request tries again
      encoded.catch(() => kept.encoded.delete(encoding));
    }
    // The compression middleware passes over an answer that is already encoded.
    res.set('Content-Encoding', encoding).send(await encoded);
  };
}
