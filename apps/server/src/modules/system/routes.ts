import type { Database } from '../../db/database';
import { HttpError } from '../../http/errors';
import { operations, type Operations } from '../../http/operation';

export function systemRoutes(db: Database): Operations {
  return operations({
    async getHealth(_req, res) {
      const ok = await db.get<{ ok: number }>('SELECT 1 AS ok').catch(() => undefined);
      if (ok?.ok !== 1) throw new HttpError(503, 'Database unavailable');
      res.set('cache-control', 'no-store').json({ status: 'ok' });
    },
  });
}
