// Text is stored as people meant it: leading and trailing spaces go before the contract checks a body, so
// "   " is an empty string (refused by minLength) and " Dhaka " is stored as "Dhaka".
// This is the first step to walk a parsed body, so it also refuses one nested deeper than any the contract takes
// (a 40 KB body of 20,000 arrays fits the size limit): a 400 here, before anything that might recurse sees it.
// The walk itself keeps its own stack, so no body can exhaust the call stack.
import type { RequestHandler } from 'express';
import { HttpError } from './errors';

/** Levels of objects and arrays a JSON body may have; the contract's deepest request body has 2. */
export const MAX_BODY_DEPTH = 32;

type Container = Record<string, unknown>;

/** Trims every string in place; false (part-trimmed) when the body is deeper than MAX_BODY_DEPTH. */
function trimmedWithin(body: object): boolean {
  const stack: { node: Container; depth: number }[] = [{ node: body as Container, depth: 1 }];
  for (let top = stack.pop(); top; top = stack.pop()) {
    const { node, depth } = top;
    for (const key of Object.keys(node)) {
      const value = node[key];
      if (typeof value === 'string') {
        const trimmed = value.trim();
        // defineProperty, not assignment: a key "__proto__" (an own property from JSON.parse) stays a property.
        if (trimmed !== value) Object.defineProperty(node, key, { value: trimmed });
      } else if (value !== null && typeof value === 'object') {
        if (depth === MAX_BODY_DEPTH) return false;
        stack.push({ node: value as Container, depth: depth + 1 });
      }
    }
  }
  return true;
}

export function trimBody(): RequestHandler {
  return (req, _res, next) => {
    const body: unknown = req.body;
    if (body && typeof body === 'object' && !Buffer.isBuffer(body) && !trimmedWithin(body)) {
      return next(
        new HttpError(400, `The request body is nested too deeply (at most ${MAX_BODY_DEPTH} levels)`),
      );
    }
    next();
  };
}
