// Numbers in a query are finite. express-openapi-validator (5.6) lets `minPrice=1e400` and `maxPrice=Infinity`
// through its minimum/maximum checks, so each query parameter the contract types as a number is checked here
// too, before the request is validated: a spelling that is not a finite number is a 400 in the contract's Error
// shape. The operation is the one the validator found (req.openapi, its parameters already dereferenced).
import type { RequestHandler } from 'express';
import type { OpenApiRequest } from 'express-openapi-validator/dist/framework/types';
import { HttpError } from './errors';

type Operation = NonNullable<OpenApiRequest['openapi']>['schema'];

function numericQueryParameters(operation: Operation): string[] {
  return (operation.parameters ?? []).flatMap((parameter) =>
    'in' in parameter &&
    parameter.in === 'query' &&
    parameter.schema &&
    'type' in parameter.schema &&
    (parameter.schema.type === 'number' || parameter.schema.type === 'integer')
      ? [parameter.name]
      : [],
  );
}

export function finiteNumbers(): RequestHandler {
  const numeric = new WeakMap<Operation, string[]>();
  return (req: OpenApiRequest, _res, next) => {
    // Most API requests carry no query at all.
    const query = req.query as Record<string, unknown>;
    const operation = req.openapi?.schema;
    if (Object.keys(query).length === 0 || !operation) return next();
    let names = numeric.get(operation);
    if (!names) {
      names = numericQueryParameters(operation);
      numeric.set(operation, names);
    }
    const bad = names.filter((name) => {
      const value = query[name];
      return typeof value === 'string' && value !== '' && !Number.isFinite(Number(value));
    });
    if (bad.length === 0) return next();
    next(
      new HttpError(400, `request/query/${bad[0]} must be a finite number`, {
        errors: bad.map((name) => ({ path: `/query/${name}`, message: 'must be a finite number' })),
      }),
    );
  };
}
