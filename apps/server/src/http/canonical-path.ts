// Only the contract's own spelling of an API path reaches the API. Express routes case-insensitively and
// forgives trailing slashes, while the request validator is told which paths are the API by their exact prefix:
// any gap between the two lets a request run a handler unvalidated (`POST /API/usersall` with role admin did).
// So every request that could mean the API (any case, doubled or trailing slashes, dot segments, encoded
// slashes) must match an operation path of openapi.yaml exactly, or it is a 404 before anything else runs.
import { posix } from 'node:path';
import type { RequestHandler } from 'express';
import { contractOperations, loadContract } from '@recell/api/contract';
import { HttpError } from './errors';

function decoded(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** What a lenient router or proxy might turn the path into: decoded, `\` as `/`, slashes and dots folded. */
function loosely(path: string): string {
  return posix.normalize(decoded(path).replaceAll('\\', '/')).toLowerCase();
}

export function canonicalApiPaths(): RequestHandler {
  // The contract's paths only: which operation a request is, and who may call it, express-openapi-validator decides.
  const { anyPath, basePath } = contractOperations(loadContract());
  const prefix = `${basePath}/`;
  // Matched on the raw text, so a malformed escape in an id still reaches the validator's 400 rather than
  // turning into a 404 here.
  const isOperationPath = (path: string) => anyPath.test(path.slice(basePath.length));
  // Each segment as the router will decode it: nothing that a later step could read as a separator or a step up.
  const cleanSegments = (path: string) =>
    path
      .slice(1)
      .split('/')
      .every((segment) => {
        const value = decoded(segment);
        return value !== '' && value !== '.' && value !== '..' && !/[/\\]/.test(value);
      });

  return (req, _res, next) => {
    const path = req.path;
    const loose = loosely(path);
    if (loose !== basePath && !loose.startsWith(prefix)) return next();
    if (path.startsWith(prefix) && cleanSegments(path) && isOperationPath(path)) return next();
    next(new HttpError(404, 'Not found'));
  };
}
