import { Router } from 'express';
import type { components, Role } from '@recell/api';
import { requireIdentity, requireUser } from '../../http/authenticate';
import { pageRequest } from '../../http/pagination';
import { pathParam, query, stringParam } from '../../http/query';
import type { UsersService } from './service';

export function userRoutes(service: UsersService): Router {
  const router = Router();

  router.get('/jwt', async (req, res) => {
    res.json(await service.exchangeToken(requireIdentity(res), stringParam(req, 'email')));
  });

  router.post('/usersall', async (req, res) => {
    const body = req.body as components['schemas']['NewUser'];
    res.status(201).json(await service.signUp(requireIdentity(res), body));
  });

  router.get('/users', async (req, res) => {
    requireUser(res, ['admin']);
    res.json(await service.list(stringParam(req, 'role') as Role | undefined, pageRequest(query(req))));
  });

  router.delete('/users/:id', async (req, res) => {
    const admin = requireUser(res, ['admin']);
    res.json(await service.remove(admin, pathParam(req, 'id')));
  });

  router.put('/sellers/:id/verified', async (req, res) => {
    const admin = requireUser(res, ['admin']);
    const { verified } = req.body as components['schemas']['VerifiedUpdate'];
    res.json(await service.setVerified(admin, pathParam(req, 'id'), verified));
  });

  router.get('/users/admin/:email', async (req, res) => {
    const role = await service.roleOf(requireUser(res), pathParam(req, 'email'));
    res.json({ isAdmin: role === 'admin' });
  });

  router.get('/users/seller/:email', async (req, res) => {
    const role = await service.roleOf(requireUser(res), pathParam(req, 'email'));
    res.json({ isSeller: role === 'seller' });
  });

  return router;
}
