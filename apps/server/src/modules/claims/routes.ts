import { requireUser } from '../../http/authenticate';
import { operations, type Operations } from '../../http/operation';
import { pageRequest } from '../../http/pagination';
import type { ClaimsService } from './service';

export function claimRoutes(service: ClaimsService): Operations {
  return operations({
    async openClaim(req, res) {
      const buyer = requireUser(res);
      res.status(201).json(await service.openClaim(buyer, req.params.id, req.body));
    },

    async listClaims(req, res) {
      const admin = requireUser(res);
      res.json(await service.listClaims(admin, req.query.status ?? 'open', pageRequest(req.query)));
    },

    async getClaim(req, res) {
      const user = requireUser(res);
      res.json(await service.getClaim(user, req.params.id));
    },

    async decideClaim(req, res) {
      const admin = requireUser(res);
      res.json(await service.decideClaim(admin, req.params.id, req.body));
    },
  });
}
