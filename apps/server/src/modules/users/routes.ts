import { requireIdentity, requireUser } from '../../http/authenticate';
import { operations, type Operations } from '../../http/operation';
import { pageRequest } from '../../http/pagination';
import type { UsersService } from './service';

export function userRoutes(service: UsersService): Operations {
  return operations({
    async exchangeToken(req, res) {
      res.json(await service.exchangeToken(requireIdentity(res), req.query.email));
    },

    async createUser(req, res) {
      res.status(201).json(await service.createUser(requireIdentity(res), req.body));
    },

    async listUsers(req, res) {
      requireUser(res);
      const { role, q: words } = req.query;
      res.json(await service.listUsers({ role, words }, pageRequest(req.query)));
    },

    async deleteUser(req, res) {
      const admin = requireUser(res);
      res.json(await service.deleteUser(admin, req.params.id));
    },

    async setSellerVerified(req, res) {
      const admin = requireUser(res);
      res.json(await service.setSellerVerified(admin, req.params.id, req.body.verified));
    },

    async getAdminStatus(req, res) {
      res.json(await service.getAdminStatus(requireUser(res), req.params.email));
    },

    async getSellerStatus(req, res) {
      res.json(await service.getSellerStatus(requireUser(res), req.params.email));
    },
  });
}
