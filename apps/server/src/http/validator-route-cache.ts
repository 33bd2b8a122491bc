// express-openapi-validator (5.6) looks a request's route up by compiling every route's path-to-regexp pattern
// again on every request (openapi.metadata.js lookupRoute). The patterns never change, so the compiled
// regexps are memoized here: same answers, a fraction of the work on every API call.
import { createRequire } from 'node:module';

interface PathToRegexp {
  pathToRegexp: (path: string, options?: object) => unknown;
}

let installed = false;

export function memoizeValidatorRoutes(): void {
  if (installed) return;
  installed = true;
  const fromValidator = createRequire(createRequire(import.meta.url).resolve('express-openapi-validator'));
  const module = fromValidator('path-to-regexp') as PathToRegexp;
  const compile = module.pathToRegexp;
  const compiled = new Map<string, unknown>();
  module.pathToRegexp = (path, options) => {
    // The validator passes only these two flags; a string key is cheaper than JSON.stringify on every call.
    const flags = options as { sensitive?: boolean; strict?: boolean } | undefined;
    const key = `${path}\u0000${flags?.sensitive ? 1 : 0}${flags?.strict ? 1 : 0}`;
    let found = compiled.get(key);
    if (found === undefined) {
      found = compile(path, options);
      compiled.set(key, found);
    }
    return found;
  };
}
