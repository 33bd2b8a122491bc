import { Router } from 'express';
import type { components } from '@recell/api';
import { NON_SELLERS, requireUser } from '../../http/authenticate';
import { pageRequest } from '../../http/pagination';
import { pathParam, query, stringParam } from '../../http/query';
import type { ReportsService } from './service';

type ReportStatus = components['schemas']['ReportStatus'];

export function reportRoutes(service: ReportsService): Router {
  const router = Router();

  router.post('/report', async (req, res) => {
    const user = requireUser(res, NON_SELLERS);
    const body = req.body as components['schemas']['NewReport'];
    res.status(201).json(await service.create(user, body.mobileId, body.Report));
  });

  router.get('/reports', async (req, res) => {
    requireUser(res, ['admin']);
    const status = stringParam(req, 'status') as ReportStatus | undefined;
    res.json(await service.list(status, pageRequest(query(req))));
  });

  router.post('/reports/:id/resolve', async (req, res) => {
    const admin = requireUser(res, ['admin']);
    const { action } = req.body as components['schemas']['ResolveReport'];
    res.json(await service.resolve(admin, pathParam(req, 'id'), action));
  });

  router.get('/audit-log', async (req, res) => {
    requireUser(res, ['admin']);
    res.json(await service.auditLog(pageRequest(query(req))));
  });

  return router;
}
