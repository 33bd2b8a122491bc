// A route handler is named by its operationId and typed from that operation in openapi.yaml (the generated
// `operations`): path parameters, query and JSON body as express-openapi-validator has checked and coerced them
// before any handler runs. A change to the contract is then a type error here, not a cast that still compiles.
// Routers are built from handlers keyed by operationId, mounted where openapi.yaml says: no path is written twice.
import { Router, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import type { operations } from '@recell/api';
import { loadContract } from '@recell/api/contract';

export type OperationId = keyof operations;

type Params<K extends OperationId, In extends 'path' | 'query'> = [
  NonNullable<operations[K]['parameters'][In]>,
] extends [never]
  ? Record<string, never>
  : NonNullable<operations[K]['parameters'][In]>;

type Body<K extends OperationId> = operations[K] extends {
  requestBody?: { content: infer Content };
}
  ? Content extends Record<'application/json', infer Json>
    ? Json
    : Content extends Record<'multipart/form-data', infer Form>
      ? Form
      : unknown
  : unknown;

export type OperationRequest<K extends OperationId> = Request<
  Params<K, 'path'>,
  unknown,
  Body<K>,
  Params<K, 'query'>
>;

type Success = 200 | 201 | 202 | 204;
/** The JSON bodies the contract documents for the operation's 2xx answers. */
type ResponseBody<K extends OperationId> = {
  [S in keyof operations[K]['responses'] & Success]: operations[K]['responses'][S] extends {
    content: { 'application/json': infer Json };
  }
    ? Json
    : never;
}[keyof operations[K]['responses'] & Success];

export type OperationHandler<K extends OperationId> = (
  req: OperationRequest<K>,
  res: Response<ResponseBody<K>>,
  next: NextFunction,
) => Promise<void> | void;

/** Handlers keyed by operationId: the key names the operation, the contract gives its method and path. */
export type OperationHandlers = { [K in OperationId]?: OperationHandler<K> };

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;
type Method = (typeof METHODS)[number];

let routes: Map<string, { method: Method; path: string }> | undefined;

/** Where the contract mounts an operation, in Express's spelling (`/mobile/{id}` -> `/mobile/:id`). */
export function operationRoute(id: OperationId): { method: Method; path: string } {
  if (!routes) {
    routes = new Map();
    for (const [path, item] of Object.entries(loadContract().paths)) {
      for (const method of METHODS) {
        const operationId = (item[method] as { operationId?: string } | undefined)?.operationId;
        if (operationId) routes.set(operationId, { method, path: path.replace(/\{(\w+)\}/g, ':$1') });
      }
    }
  }
  const route = routes.get(id);
  if (!route) throw new Error(`openapi.yaml has no operation ${id}`);
  return route;
}

/** A router for these operations, each at its contract method and path, in the order given. */
export function operationRouter(handlers: OperationHandlers): Router {
  const router = Router();
  for (const [id, handler] of Object.entries(handlers) as [OperationId, RequestHandler][]) {
    const { method, path } = operationRoute(id);
    router[method](path, handler);
  }
  return router;
}
