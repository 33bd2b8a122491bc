// Public catalogue pages are the same for every caller until something is written: their serialized bytes are
// kept in the database's read cache (emptied by any write), keyed by the URL. Authentication and request
// validation still run on every request; only the query, mapping and JSON.stringify are skipped.
import type { Response } from 'express';
import type { Database } from '../db/database';

export type SendCachedJson = (
  req: { originalUrl: string },
  res: Response,
  compute: () => Promise<unknown>,
) => Promise<void>;

export function cachedJson(db: Database, production: boolean): SendCachedJson {
  return async (req, res, compute) => {
    const body = await db.memo(`json\u0000${req.originalUrl}`, async () =>
      Buffer.from(JSON.stringify(await compute())),
    );
    // Outside production the response validator must see the answer, and it hooks res.json.
    if (production) res.type('application/json').send(body);
    else res.json(JSON.parse(body.toString('utf8')));
  };
}
