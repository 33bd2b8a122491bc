// One handler in front of the others: a request the contract rejects gets the contract's 400 Error here, as
// express-openapi-validator answers on the server, so the resource handlers only ever see valid input
// (after the same 401 the server gives a caller with no token, and the same 403 to a caller whose role the
// operation's scopes do not name, or to an admin whose sign-in had no second step).
import { HttpResponse } from 'msw';
import { parse } from 'yaml';
import contractText from '../../../../openapi.yaml?raw';
import { createContractValidator, type ContractDocument } from '../contract/validator';
import { MAX_BODY_DEPTH, plainTextWithin } from '../text';
import type { MockStore } from './store';
import type { components } from '../generated/schema';
import { http, requireSecondStep, requireUser } from './support';

type Role = components['schemas']['Role'];

let validator: ReturnType<typeof createContractValidator> | undefined;
export function mockContract() {
  validator ??= createContractValidator(parse(contractText) as ContractDocument);
  return validator;
}

async function readJson(request: Request): Promise<{ hasBody: boolean; body?: unknown; invalid?: true }> {
  const text = await request.clone().text();
  if (text === '') return { hasBody: false };
  const type = request.headers.get('content-type') ?? '';
  if (!type.includes('json')) return { hasBody: true };
  try {
    return { hasBody: true, body: JSON.parse(text) };
  } catch {
    return { hasBody: true, invalid: true };
  }
}

export const contractGuard = (store: MockStore) =>
  http.untyped.all('*/api/*', async ({ request }) => {
    const contract = mockContract();
    const url = new URL(request.url);
    const found = contract.findOperation(request.method, url.pathname);
    if (!found)
      return HttpResponse.json(
        { message: `No such API route: ${request.method} ${url.pathname}` },
        { status: 404 },
      );
    // The server authenticates before it validates: a signed-out caller hears 401, whatever it sent.
    if (found.operation.secured && !request.headers.get('authorization')?.startsWith('Bearer ')) {
      return HttpResponse.json({ message: 'Please sign in again' }, { status: 401 });
    }
    const { roles, schemes } = found.operation;
    // An admin whose sign-in had no second step, on any operation that reads the access token (a header sent to
    // one whose identity is optional included), and a role the scopes leave out: 403.
    if (schemes.includes('accessToken') && request.headers.has('authorization'))
      requireSecondStep(store, request);
    if (roles.length > 0) requireUser(store, request, roles as Role[]);
    const query = Object.fromEntries(url.searchParams);
    const multipart = (request.headers.get('content-type') ?? '').startsWith('multipart/form-data');
    const json = multipart ? { hasBody: true } : await readJson(request);
    if (json.invalid)
      return HttpResponse.json({ message: 'The request body is not valid JSON' }, { status: 400 });
    // As the server: every string trimmed and without bidirectional controls before the contract checks it
    // (@recell/api's plainText), and the handlers after this one read the body so (request.json()).
    const { body } = json;
    if (body && typeof body === 'object') {
      if (!plainTextWithin(body))
        return HttpResponse.json(
          { message: `The request body is nested too deeply (at most ${MAX_BODY_DEPTH} levels)` },
          { status: 400 },
        );
      Object.defineProperty(request, 'json', { value: () => Promise.resolve(structuredClone(body)) });
    }
    const error = contract.validateRequest(found.operation, { params: found.params, query, ...json });
    if (error) return HttpResponse.json(error, { status: 400 });
    return undefined;
  });
