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

/**
 * The compression middleware's settings (app.ts passes them to it), which the kept copies are made with too:
 * nothing below 1 KB, brotli at quality 4, gzip at zlib's default level.
 */
export const COMPRESSION = {
  threshold: 1024,
  brotli: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
} as const;

// As the middleware chooses: brotli before gzip when the client likes them equally.
const ENCODINGS = ['br', 'gzip', 'identity'];
const PREFERRED = ['br', 'gzip'];
const brotli = promisify(brotliCompress);
const encoders = {
  br: (bytes: Buffer) =>
    brotli(bytes, {
      params: { ...COMPRESSION.brotli.params, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    }),
  gzip: promisify(gzip),
};
type Encoding = keyof typeof encoders;

/** A page's bytes, and each compressed copy once a client has asked for it: one cache entry, so one version. */
interface Kept {
  plain: Buffer;
  encoded: Map<Encoding, Promise<Buffer>>;
}

function encodingFor(req: CachedRequest, plain: Buffer): Encoding | undefined {
  if (plain.length < COMPRESSION.threshold) return undefined;
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
