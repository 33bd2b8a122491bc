// The one contract engine of a request: express-openapi-validator finds the operation once (req.openapi), checks
// who may call it with the contract's security schemes, then checks the input and, outside production, the
// answer. Its steps come in two parts, because who is calling is decided before any body is read (an anonymous
// caller learns nothing about a protected operation's input rules, and an upload is not read for nobody) and the
// input is checked after the body parsers.
import type { RequestHandler } from 'express';
import * as OpenApiValidator from 'express-openapi-validator';
import { contractPath } from '@recell/api/contract';
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
    validate: steps.filter((step) => AFTER_BODY.includes(step.name)),
  };
}
