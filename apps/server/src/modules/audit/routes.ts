import { requireUser } from '../../http/authenticate';
import { operations, type Operations } from '../../http/operation';
import { pageOf, pageRequest } from '../../http/pagination';
import type { AuditRepository } from './repository';

export function auditRoutes(audit: AuditRepository): Operations {
  return operations({
    async listAuditLog(req, res) {
      requireUser(res);
      const page = pageRequest(req.query);
      const { rows: items, total } = await audit.list(page);
      res.json(pageOf(items, total, page));
    },
  });
}
