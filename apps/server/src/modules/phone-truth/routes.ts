import { requireUser } from '../../http/authenticate';
import { operations, type Operations } from '../../http/operation';
import type { PhoneTruthService } from './service';

export function phoneTruthRoutes(service: PhoneTruthService): Operations {
  return operations({
    async checkImei(req, res) {
      requireUser(res);
      res.json(await service.checkImei(req.body));
    },

    async getImei(req, res) {
      requireUser(res);
      res.json(await service.getImei(req.params.imei));
    },

    async setImeiStatus(req, res) {
      const admin = requireUser(res);
      res.json(await service.setImeiStatus(admin, req.params.imei, req.body));
    },

    async confirmImeiModel(req, res) {
      const admin = requireUser(res);
      res.json(await service.confirmImeiModel(admin, req.params.id));
    },

    async listTacConflicts(_req, res) {
      requireUser(res);
      res.json(await service.listTacConflicts());
    },

    async confirmTacModel(req, res) {
      const admin = requireUser(res);
      res.json(await service.confirmTacModel(admin, req.params.tac, req.body));
    },
  });
}
