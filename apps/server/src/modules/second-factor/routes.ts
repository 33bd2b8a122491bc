import type { Router } from 'express';
import { operationRouter } from '../../http/operation';
import type { DemoSignInCodes } from './demo-codes';

export function secondFactorRoutes(codes: DemoSignInCodes): Router {
  return operationRouter({
    async getDemoSignInCode(req, res) {
      res.json(await codes.getDemoSignInCode(req.query.phoneEnding));
    },
  });
}
