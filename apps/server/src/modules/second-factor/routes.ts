import { operations, type Operations } from '../../http/operation';
import type { DemoSignInCodes } from './demo-codes';

export function secondFactorRoutes(codes: DemoSignInCodes): Operations {
  return operations({
    async getDemoSignInCode(req, res) {
      res.json(await codes.getDemoSignInCode(req.query.phoneEnding));
    },
  });
}
