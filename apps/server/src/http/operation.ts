// A route handler is named by its operationId and typed from that operation in openapi.yaml (the generated
// `operations`): path parameters, query and JSON body as express-openapi-validator has checked and coerced them
// before any handler runs. A change to the contract is then a type error here, not a cast that still compiles.
// Handlers are keyed by operationId and run for the operation the contract matched: no path is written twice.
import {
  Router,
  type ErrorRequestHandler,
  type NextFunction,
  type Request,
  type RequestHandler,
  type Response,
} from 'express';
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
/** The JSON bodies (or a calendar's text) the contract documents for the operation's 2xx answers. */
type ResponseBody<K extends OperationId> = {
  [S in keyof operations[K]['responses'] & Success]: operations[K]['responses'][S] extends {
    content: { 'application/json': infer Json };
  }
    ? Json
    : operations[K]['responses'][S] extends { content: { 'text/calendar': infer Text } }
      ? Text
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

/** Each operation's steps, keyed by operationId: what a module serves, run by `operationDispatch`. */
export type Operations = Map<OperationId, Step[]>;
type Step = RequestHandler | ErrorRequestHandler;

/**
 * These operations' handlers, each after the steps `before` gives it (a rate limit, a body parser): nothing here
 * names a path, the contract does.
 */
export function operations(
  handlers: OperationHandlers,
  before: Partial<Record<OperationId, Step[]>> = {},
): Operations {
  const steps: Operations = new Map();
  for (const [id, handler] of Object.entries(handlers) as [OperationId, RequestHandler][]) {
    operationRoute(id);
    steps.set(id, [...(before[id] ?? []), handler]);
  }
  for (const [id, first] of Object.entries(before) as [OperationId, Step[]][]) {
    if (!steps.has(id)) steps.set(id, [...first]);
  }
  return steps;
}

type Matched = { openapi?: { schema?: { operationId?: string }; pathParams?: Record<string, string> } };

/**
 * One middleware for these operations: it runs the steps of the operation express-openapi-validator matched
 * (`req.openapi`), with its decoded path parameters; a request that is none of them goes on. The contract's
 * match is the only one, so the handler a request reaches is always the operation that was checked, and Express
 * compares no path of the API (its router and path matching were 16 % of a cached page's CPU, 8 % after).
 */
export function operationDispatch(...groups: Operations[]): RequestHandler {
  const routers = new Map<string, Router>();
  for (const group of groups) {
    for (const [id, steps] of group) {
      if (routers.has(id)) throw new Error(`operation ${id} is served twice`);
      // A router only to run the steps as Express runs a route's: next, errors, error handlers, rejections.
      routers.set(id, Router({ mergeParams: true }).use(...steps));
    }
  }
  const dispatch: RequestHandler = (req, res, next) => {
    const { openapi } = req as Matched;
    const router = openapi?.schema?.operationId ? routers.get(openapi.schema.operationId) : undefined;
    if (!router) return next();
    req.params = openapi?.pathParams ?? {};
    router(req, res, next);
  };
  // What it serves, for the test that every operation of the contract is served by its own handler.
  const served: ReadonlyMap<OperationId, readonly Step[]> = new Map(groups.flatMap((group) => [...group]));
  return Object.assign(dispatch, { served });
}
