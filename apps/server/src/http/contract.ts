// The one contract engine of a request: express-openapi-validator finds the operation once (req.openapi), checks
// who may call it with the contract's security schemes, then checks the input and, outside production, the
// answer. Its steps come in two parts, because who is calling is decided before any body is read (an anonymous
// caller learns nothing about a protected operation's input rules, and an upload is not read for nobody) and the
// input is checked after the body parsers.
import type { Request, RequestHandler } from 'express';
import * as OpenApiValidator from 'express-openapi-validator';
import { contractPath, loadContract } from '@recell/api/contract';
import type { Config } from '../config';

type Options = Parameters<typeof OpenApiValidator.middleware>[0];
type SecurityHandlers = NonNullable<Exclude<Options['validateSecurity'], boolean>>['handlers'];

// The validator's steps, by the names of its middleware functions, in the order it returns them.
const BEFORE_BODY = ['pathParamsMiddleware', 'metadataMiddleware', 'securityMiddleware'];
const AFTER_BODY = ['requestMiddleware', 'responseMiddleware'];

export function contractValidation(
  config: Pick<Config, 'env'>,
  handlers: NonNullable<SecurityHandlers>,
): { route: RequestHandler[]; validate: RequestHandler[] } {
  const steps = OpenApiValidator.middleware({
    apiSpec: contractPath,
    validateRequests: { allowUnknownQueryParameters: false },
    // Responses are checked against the contract in development and tests; production skips the cost.
    validateResponses: config.env === 'production' ? false : { onError: undefined },
    // Deny by default: every scheme has a handler, and an operation without its own `security` takes the
    // document's (accessToken).
    validateSecurity: { handlers },
    fileUploader: false,
    // Resolved once at start, so no $ref is followed per request.
    $refParser: { mode: 'dereference' },
    // canonicalApiPaths lets only exact spellings through; the test here is case-blind all the same.
    ignorePaths: (path: string) => !/^\/api\//i.test(path) || path === '/api/webhooks/stripe',
  }) as RequestHandler[];
  const names = steps.map((step) => step.name);
  const expected =
    config.env === 'production' ? [...BEFORE_BODY, 'requestMiddleware'] : [...BEFORE_BODY, ...AFTER_BODY];
  // A new validator version that adds, drops or reorders a step must be looked at, not split blindly.
  if (names.join() !== expected.join()) {
    throw new Error(
      `express-openapi-validator's steps are ${names.join(', ')}; expected ${expected.join(', ')}`,
    );
  }
  return {
    route: steps.filter((step) => BEFORE_BODY.includes(step.name)),
    validate: steps
      .filter((step) => AFTER_BODY.includes(step.name))
      .map((step) => (step.name === 'requestMiddleware' ? urlChecksKept(step) : step)),
  };
}

/** How many URLs' passed input checks are kept (the oldest goes first). */
export const KEPT_URL_CHECKS = 2000;

interface Matched {
  openapi?: {
    schema?: { operationId?: string; parameters?: Parameter[]; requestBody?: unknown };
    pathParams?: Record<string, unknown>;
  };
}
type Parameter = { in?: string; $ref?: string };

/** The contract's operations that read nothing but their path and query (their parameters' `in`, past `$ref`s). */
let urlOnlyOperations: Set<string> | undefined;
function readsUrlOnly(operationId: string): boolean {
  if (!urlOnlyOperations) {
    const contract = loadContract() as {
      paths: Record<
        string,
        Record<string, { operationId?: string; parameters?: Parameter[]; requestBody?: unknown }>
      >;
      components?: { parameters?: Record<string, Parameter> };
    };
    const where = (parameter: Parameter) =>
      parameter.$ref?.startsWith('#/components/parameters/')
        ? contract.components?.parameters?.[parameter.$ref.slice('#/components/parameters/'.length)]?.in
        : parameter.in;
    urlOnlyOperations = new Set();
    for (const item of Object.values(contract.paths)) {
      const shared = (item.parameters as unknown as Parameter[] | undefined) ?? [];
      for (const operation of Object.values(item)) {
        if (typeof operation !== 'object' || !operation?.operationId) continue;
        const parameters = [...shared, ...(operation.parameters ?? [])];
        if (
          operation.requestBody === undefined &&
          parameters.every((parameter) => ['path', 'query'].includes(where(parameter) ?? ''))
        )
          urlOnlyOperations.add(operation.operationId);
      }
    }
  }
  return urlOnlyOperations.has(operationId);
}

/**
 * The input check of a GET that has no body and whose operation reads nothing but its path and query: what it
 * decides and how it coerces the query and path parameters follow from the operation and the URL alone, so a URL
 * that passed once passes again with the same values. Those values are kept per URL and given to the next
 * request for it without running the check again (its parameter parsing and four promise hops were about a tenth
 * of a cached catalogue page's CPU). A URL that fails is checked every time, so every refusal is the
 * validator's own. Who may call is decided before this (the route steps) on every request.
 */
export function urlChecksKept(check: RequestHandler): RequestHandler {
  const passed = new Map<string, { query: Record<string, unknown>; params: Record<string, unknown> }>();
  // each request its own values (arrays too): what one handler does to them is not the next request's
  const copy = (values: Record<string, unknown>) => {
    const own: Record<string, unknown> = {};
    for (const name in values) {
      const value = values[name];
      own[name] = Array.isArray(value) ? value.slice() : value;
    }
    return own;
  };
  return (req, res, next) => {
    const { openapi } = req as Request & Matched;
    const schema = openapi?.schema;
    const operationId = schema?.operationId;
    const kept =
      req.method === 'GET' &&
      operationId !== undefined &&
      readsUrlOnly(operationId) &&
      req.headers['content-type'] === undefined &&
      req.headers['content-length'] === undefined &&
      req.headers['transfer-encoding'] === undefined;
    if (!kept || !openapi) return check(req, res, next);
    const key = `${operationId}\u0000${req.originalUrl}`;
    const known = passed.get(key);
    if (known) {
      // as the check leaves them: the coerced query an own property of the request, the coerced path parameters
      Object.defineProperty(req, 'query', {
        value: copy(known.query),
        writable: true,
        configurable: true,
        enumerable: true,
      });
      const params = Object.assign(openapi.pathParams ?? {}, copy(known.params));
      req.params = params as Request['params'];
      return next();
    }
    return check(req, res, (error?: unknown) => {
      if (error === undefined) {
        if (passed.size >= KEPT_URL_CHECKS) passed.delete(passed.keys().next().value!);
        passed.set(key, { query: copy(req.query as Record<string, unknown>), params: copy(req.params) });
      }
      next(error);
    });
  };
}
