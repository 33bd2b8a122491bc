import { Router } from 'express';
import type { Database } from '../../db/connection';
import { HttpError } from '../../http/errors';

export function systemRoutes(db: Database): Router {
  const router = Router();
  router.get('/health', async (_req, res) => {
    const ok = await db.get<{ ok: number }>('SELECT 1 AS ok').catch(() => undefined);
    if (ok?.ok !== 1) throw new HttpError(503, 'Database unavailable');
    res.set('cache-control', 'no-store').json({ status: 'ok' });
  });
  return router;
}
