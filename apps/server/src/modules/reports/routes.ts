import { requireUser } from '../../http/authenticate';
import { operations, type Operations } from '../../http/operation';
import { pageRequest } from '../../http/pagination';
import type { ReportsService } from './service';

export function reportRoutes(service: ReportsService): Operations {
  return operations({
    async createReport(req, res) {
      const user = requireUser(res);
      res.status(201).json(await service.createReport(user, req.body.mobileId, req.body.Report));
    },

    async listReports(req, res) {
      requireUser(res);
      res.json(await service.listReports(req.query.status, pageRequest(req.query)));
    },

    async resolveReport(req, res) {
      const admin = requireUser(res);
      res.json(await service.resolveReport(admin, req.params.id, req.body.action));
    },
  });
}
