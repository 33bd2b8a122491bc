// Numbers in a query are finite. express-openapi-validator (5.6) lets `minPrice=1e400` and `maxPrice=Infinity`
// through its minimum/maximum checks, so each query parameter the contract types as a number is checked here
// too, before the validator: a spelling that is not a finite number is a 400 in the contract's Error shape.
import type { RequestHandler } from 'express';
import { contractValidator } from '@recell/api/contract';
import { HttpError } from './errors';

export function finiteNumbers(): RequestHandler {
  const contract = contractValidator();
  const numeric = new Map(
    contract.operations.map((operation) => [operation, contract.numericQueryParameters(operation)]),
  );
  return (req, _res, next) => {
    // Most API requests carry no query at all: no operation lookup for them.
    const query = req.query as Record<string, unknown>;
    if (Object.keys(query).length === 0) return next();
    const found = contract.findOperation(req.method, req.path);
    const names = found ? (numeric.get(found.operation) ?? []) : [];
    const bad = names.filter((name) => {
      const value = query[name];
      return typeof value === 'string' && value !== '' && !Number.isFinite(Number(value));
    });
    if (bad.length === 0) return next();
    next(
      new HttpError(
        400,
        `request/query/${bad[0]} must be a finite number`,
        undefined,
        bad.map((name) => ({ path: `/query/${name}`, message: 'must be a finite number' })),
      ),
    );
  };
}
