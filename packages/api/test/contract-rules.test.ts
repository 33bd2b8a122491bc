// Structural promises of the contract that a linter does not check for us.
import { describe, expect, it } from 'vitest';
import { contractValidator, loadContract } from '../src/contract';

type Json = Record<string, unknown>;
const doc = loadContract() as unknown as Json & { paths: Record<string, Record<string, Json>> };
const schemas = (doc.components as { schemas: Record<string, Json> }).schemas;
const contract = contractValidator();

function resolve(node: Json): Json {
  const ref = node.$ref as string | undefined;
  if (!ref) return node;
  let value: unknown = doc;
  for (const part of ref.slice(2).split('/')) value = (value as Json)[part.replaceAll('~1', '/')];
  return resolve(value as Json);
}

/** Every object schema reachable from a schema, following $refs. */
function objectSchemas(node: Json, seen = new Set<Json>()): Json[] {
  const schema = resolve(node);
  if (seen.has(schema)) return [];
  seen.add(schema);
  const found = schema.type === 'object' ? [schema] : [];
  for (const child of Object.values((schema.properties as Record<string, Json>) ?? {})) {
    found.push(...objectSchemas(child, seen));
  }
  if (schema.items) found.push(...objectSchemas(schema.items as Json, seen));
  return found;
}

/** The application/json media type object of a response or request body, if it has one. */
function jsonMedia(node: Json): Json | undefined {
  return (node.content as Record<string, Json> | undefined)?.['application/json'];
}

/** The media type's `example`, or the values of its `examples`. */
function examplesOf(media: Json): unknown[] {
  if ('example' in media) return [media.example];
  return Object.values((media.examples as Record<string, Json> | undefined) ?? {}).map(
    (example) => resolve(example).value,
  );
}

const operations = contract.operations.map((op) => ({ ...op, spec: doc.paths[op.path]![op.method]! }));

describe('the contract', () => {
  it('has a unique operationId for every operation', () => {
    const ids = operations.map((op) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it.each(operations.filter((op) => op.spec.requestBody).map((op) => [op.operationId, op] as const))(
    '%s closes every object in its request body (additionalProperties: false)',
    (_id, op) => {
      const content = (resolve(op.spec.requestBody as Json).content ?? {}) as Record<
        string,
        { schema: Json }
      >;
      const open = Object.values(content)
        .flatMap((media) => objectSchemas(media.schema))
        .filter((schema) => schema.additionalProperties !== false);
      // The Stripe webhook is Stripe's event shape, not ours to close.
      expect(op.operationId === 'receiveStripeWebhook' ? [] : open).toEqual([]);
    },
  );

  it.each(operations.map((op) => [op.operationId, op] as const))(
    '%s answers every 4xx with the shared Error schema, and 401 where it takes a token',
    (_id, op) => {
      const responses = op.spec.responses as Record<string, Json>;
      for (const [status, response] of Object.entries(responses)) {
        if (!status.startsWith('4') && !status.startsWith('5')) continue;
        const schema = (resolve(response).content as Record<string, { schema: Json }>)['application/json']!
          .schema;
        expect(schema, `${status} of ${op.operationId}`).toEqual({ $ref: '#/components/schemas/Error' });
      }
      // An operation that takes a token at all can answer 401, also where the token is optional (a bad one).
      expect(Object.keys(responses).includes('401')).toBe(op.schemes.length > 0);
    },
  );

  it.each(operations.map((op) => [op.operationId, op] as const))(
    '%s lists 400 (any input, query included, is checked), and 413 and 415 when it takes a body',
    (_id, op) => {
      const statuses = Object.keys(op.spec.responses as Json);
      expect(statuses).toContain('400');
      if (op.spec.requestBody) expect(statuses).toEqual(expect.arrayContaining(['413', '415']));
    },
  );

  it.each(operations.map((op) => [op.operationId, op] as const))(
    '%s has a valid example for every 2xx JSON response',
    (_id, op) => {
      const responses = op.spec.responses as Record<string, Json>;
      const successes = Object.keys(responses).filter((status) => status.startsWith('2'));
      expect(successes.length, op.operationId).toBeGreaterThan(0);
      for (const status of successes) {
        const json = jsonMedia(resolve(responses[status]!));
        if (!json) continue;
        const found = examplesOf(json);
        expect(found.length, `${status} of ${op.operationId} has an example`).toBeGreaterThan(0);
        for (const example of found) {
          expect(contract.validateResponse(op, Number(status), example), `${status} example`).toEqual([]);
        }
      }
    },
  );

  it.each(
    operations
      .filter((op) => jsonMedia(resolve((op.spec.requestBody as Json | undefined) ?? {})))
      .map((op) => [op.operationId, op] as const),
  )('%s has a valid example for its JSON request body', (_id, op) => {
    const found = examplesOf(jsonMedia(resolve(op.spec.requestBody as Json))!);
    expect(found.length).toBeGreaterThan(0);
    for (const example of found) {
      const error = contract.validateRequest(op, { params: {}, query: {}, body: example, hasBody: true });
      // Only the body is under test here; the missing path and query values are not.
      expect(error?.errors.filter((problem) => problem.path.startsWith('/body')) ?? []).toEqual([]);
    }
  });

  it('never lets a client send a field the server owns', () => {
    const serverOwned = ['_id', 'email', 'Verified', 'the_time_it_posted', 'paid', 'price', 'category_name'];
    for (const name of [
      'NewMobile',
      'MobileUpdate',
      'NewBooking',
      'NewWishlistItem',
      'NewReport',
      'NewUser',
      'NewPayment',
    ]) {
      const properties = Object.keys((schemas[name]!.properties as Json) ?? {});
      expect(
        properties.filter((property) => serverOwned.includes(property)),
        name,
      ).toEqual([]);
    }
  });

  it('offers only buyer and seller at sign-up', () => {
    expect((schemas.NewUser!.properties as Record<string, Json>).role!.enum).toEqual(['buyer', 'seller']);
  });

  it('bounds every page size', () => {
    const pageSize = (doc.components as { parameters: Record<string, { schema: Json }> }).parameters
      .PageSize!;
    expect(pageSize.schema).toMatchObject({ minimum: 1, maximum: 100, default: 20 });
    for (const op of operations.filter((candidate) => candidate.method === 'get')) {
      const returnsPage = JSON.stringify(op.spec.responses).includes('Page"');
      const params = JSON.stringify(op.spec.parameters ?? []);
      // a cursor page (a thread's messages, paged back with `before`) is bounded by its `limit` instead
      if (returnsPage && params.includes('"before"'))
        expect(params, op.operationId).toMatch(/"name":"limit".*"maximum":100/);
      else if (returnsPage) expect(params, op.operationId).toContain('#/components/parameters/PageSize');
    }
  });
});
