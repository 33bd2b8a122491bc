// Validates requests and responses against the contract with a real JSON Schema validator (Ajv, 2020-12,
// the dialect of OpenAPI 3.1). Works in node and the browser: the caller passes the parsed document.
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsPlugin from 'ajv-formats';

// ajv-formats is CommonJS: under node's ESM loader its default export is the module object.
const addFormats = ((addFormatsPlugin as unknown as { default?: typeof addFormatsPlugin }).default ??
  addFormatsPlugin) as typeof addFormatsPlugin;

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;
export type Method = (typeof METHODS)[number];

interface ParameterObject {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: object;
  $ref?: string;
}

export interface Operation {
  operationId: string;
  method: Method;
  /** The contract's path template, e.g. `/mobiles/{id}` */
  path: string;
  /** True when the operation needs a bearer token (the document's default, or its own `security`). */
  secured: boolean;
  /** The security scheme names it accepts. */
  schemes: string[];
  /** The roles that may call it (the access token's scopes); empty when any signed-in role may. */
  roles: string[];
  pointer: string;
  match(pathname: string): Record<string, string> | null;
}

export interface Problem {
  path: string;
  message: string;
}

/** The contract's `Error` shape, for a request the contract rejects. */
export interface ContractError {
  message: string;
  errors: Problem[];
}

export interface ContractDocument {
  servers?: { url: string }[];
  security?: Record<string, string[]>[];
  paths: Record<string, Record<string, unknown>>;
  components?: { parameters?: Record<string, ParameterObject> };
}

const escapePointer = (part: string) => part.replaceAll('~', '~0').replaceAll('/', '~1');

/** A path template as a pattern, its parameters as named groups (or plain ones, to join with others). */
function templateSource(template: string, named = true): string {
  return template
    .split(/(\{[^}]+\})/)
    .map((part) =>
      part.startsWith('{')
        ? `(${named ? `?<${part.slice(1, -1)}>` : ''}[^/]+)`
        : part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'),
    )
    .join('');
}

function templateToRegExp(template: string): RegExp {
  return new RegExp(`^${templateSource(template)}$`);
}

/** A copy of a schema taken out of the document, its local `$ref`s pointed back into the document. */
function anchored(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(anchored);
  if (!schema || typeof schema !== 'object') return schema;
  return Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [
      key,
      key === '$ref' && typeof value === 'string' && value.startsWith('#')
        ? `contract${value}`
        : anchored(value),
    ]),
  );
}

function toProblems(errors: ErrorObject[] | null | undefined, prefix: string): Problem[] {
  return (errors ?? []).map((error) => {
    const extra =
      error.keyword === 'additionalProperties'
        ? `/${(error.params as { additionalProperty: string }).additionalProperty}`
        : error.keyword === 'required'
          ? `/${(error.params as { missingProperty: string }).missingProperty}`
          : '';
    return { path: `${prefix}${error.instancePath}${extra}`, message: error.message ?? 'is invalid' };
  });
}

/**
 * The contract's operations and their path matchers, without a schema validator: for code that only needs to know
 * which paths are the API (the server's canonical-path gate).
 */
export function contractOperations(doc: ContractDocument): {
  basePath: string;
  operations: Operation[];
  /** Any operation's path (below the base path), in one expression: a request's one test, not one per operation. */
  anyPath: RegExp;
} {
  const basePath = (doc.servers?.[0]?.url ?? '').replace(/\/$/, '');
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method] as { operationId: string; security?: Record<string, string[]>[] } | undefined;
      if (!op) continue;
      const security = op.security ?? doc.security ?? [];
      const regExp = templateToRegExp(path);
      operations.push({
        operationId: op.operationId,
        method,
        path,
        secured: security.length > 0 && security.every((requirement) => Object.keys(requirement).length > 0),
        schemes: security.flatMap((requirement) => Object.keys(requirement)),
        roles: security.flatMap((requirement) => requirement.accessToken ?? []),
        pointer: `#/paths/${escapePointer(path)}/${method}`,
        match(pathname) {
          const found = regExp.exec(pathname);
          if (!found) return null;
          try {
            return Object.fromEntries(
              Object.entries(found.groups ?? {}).map(([name, value]) => [name, decodeURIComponent(value)]),
            );
          } catch {
            return null; // a malformed escape matches no route
          }
        },
      });
    }
  }
  // Literal segments win over templates (`/users/admin/{email}` before `/users/{id}`), as in routers.
  operations.sort((a, b) => a.path.split('{').length - b.path.split('{').length);
  const paths = Object.keys(doc.paths).map((path) => templateSource(path, false));
  return { basePath, operations, anyPath: new RegExp(`^(?:${paths.join('|')})$`) };
}

export function createContractValidator(doc: ContractDocument) {
  const options = { strict: false, allErrors: true, validateFormats: true } as const;
  const strictAjv = new Ajv2020(options);
  // Path and query values arrive as strings: the coercing instance turns '2' into 2 where the schema says integer.
  const paramAjv = new Ajv2020({ ...options, coerceTypes: true, useDefaults: true });
  for (const ajv of [strictAjv, paramAjv]) {
    addFormats(ajv);
    ajv.addFormat('binary', true);
    ajv.addSchema(doc as object, 'contract');
  }

  const { basePath, operations } = contractOperations(doc);

  const cache = new Map<string, ValidateFunction>();
  function compile(ajv: Ajv2020, key: string, schema: object): ValidateFunction {
    const cacheKey = `${ajv === paramAjv ? 'p' : 's'}:${key}`;
    let validate = cache.get(cacheKey);
    if (!validate) {
      validate = ajv.compile(schema);
      cache.set(cacheKey, validate);
    }
    return validate;
  }

  function resolveParameter(parameter: ParameterObject): ParameterObject {
    if (!parameter.$ref) return parameter;
    const name = parameter.$ref.split('/').pop() ?? '';
    const resolved = doc.components?.parameters?.[name];
    if (!resolved) throw new Error(`unresolved parameter ${parameter.$ref}`);
    return resolved;
  }

  function parametersOf(op: Operation): ParameterObject[] {
    const item = doc.paths[op.path] as { parameters?: ParameterObject[] } & Record<string, unknown>;
    const own = (item[op.method] as { parameters?: ParameterObject[] }).parameters ?? [];
    return [...(item.parameters ?? []), ...own].map(resolveParameter);
  }

  function paramsSchema(op: Operation, where: 'path' | 'query'): object {
    const params = parametersOf(op).filter((parameter) => parameter.in === where);
    return {
      type: 'object',
      additionalProperties: false,
      required: params.filter((parameter) => parameter.required).map((parameter) => parameter.name),
      properties: Object.fromEntries(
        params.map((parameter) => [parameter.name, anchored(parameter.schema ?? {})]),
      ),
    };
  }

  /** The object at a JSON pointer, following `$ref`s of non-schema objects (responses, request bodies). */
  function follow<T>(pointer: string): { value: T | undefined; pointer: string } {
    let value: unknown = doc;
    for (const part of pointer.slice(2).split('/')) {
      value = (value as Record<string, unknown> | undefined)?.[
        part.replaceAll('~1', '/').replaceAll('~0', '~')
      ];
    }
    const ref = (value as { $ref?: string } | undefined)?.$ref;
    return ref ? follow<T>(ref) : { value: value as T | undefined, pointer };
  }

  return {
    operations,
    basePath,

    /** The operation a request goes to, from its method and pathname (with or without the server's base path). */
    findOperation(
      method: string,
      pathname: string,
    ): { operation: Operation; params: Record<string, string> } | null {
      const local = basePath && pathname.startsWith(basePath) ? pathname.slice(basePath.length) : pathname;
      for (const operation of operations) {
        if (operation.method !== method.toLowerCase()) continue;
        const params = operation.match(local);
        if (params) return { operation, params };
      }
      return null;
    },

    /** Checks path, query and JSON body against the operation; returns the contract's Error body, or null. */
    validateRequest(
      operation: Operation,
      input: {
        params: Record<string, string>;
        query: Record<string, string>;
        body?: unknown;
        hasBody: boolean;
      },
    ): ContractError | null {
      const problems: Problem[] = [];
      for (const where of ['path', 'query'] as const) {
        const validate = compile(paramAjv, `${operation.pointer}/${where}`, paramsSchema(operation, where));
        const values = { ...(where === 'path' ? input.params : input.query) };
        if (!validate(values)) problems.push(...toProblems(validate.errors, `/${where}`));
      }
      const requestBody = follow<{ required?: boolean; content?: Record<string, unknown> }>(
        `${operation.pointer}/requestBody`,
      );
      if (requestBody.value) {
        const json = requestBody.value.content?.['application/json'];
        if (!input.hasBody && requestBody.value.required) {
          problems.push({ path: '/body', message: 'request body is required' });
        } else if (input.hasBody && json) {
          const pointer = `${requestBody.pointer}/content/application~1json/schema`;
          const validate = compile(strictAjv, pointer, { $ref: `contract${pointer}` });
          if (!validate(input.body)) problems.push(...toProblems(validate.errors, '/body'));
        }
      }
      if (problems.length === 0) return null;
      const first = problems[0]!;
      return { message: `request${first.path} ${first.message}`, errors: problems };
    },

    /** Checks a JSON response body against the schema the contract gives for that status; returns the problems. */
    validateResponse(operation: Operation, status: number, body: unknown): Problem[] {
      const response = follow<object>(`${operation.pointer}/responses/${status}`);
      if (!response.value) {
        return [
          {
            path: '/status',
            message: `status ${status} is not in the contract for ${operation.operationId}`,
          },
        ];
      }
      const pointer = `${response.pointer}/content/application~1json/schema`;
      const validate = compile(strictAjv, pointer, { $ref: `contract${pointer}` });
      return validate(body) ? [] : toProblems(validate.errors, '');
    },

    /** Checks a value against one of the contract's schemas (an event stream's `data`, which is no JSON body). */
    validateSchema(name: string, value: unknown): Problem[] {
      const pointer = `#/components/schemas/${name}`;
      const validate = compile(strictAjv, pointer, { $ref: `contract${pointer}` });
      return validate(value) ? [] : toProblems(validate.errors, '');
    },
  };
}

export type ContractValidator = ReturnType<typeof createContractValidator>;
