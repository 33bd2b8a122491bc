// Text is stored as people meant it: before the contract checks a body, every string in it loses the spaces at
// either end, so "   " is an empty string (refused by minLength) and " Dhaka " is stored as "Dhaka", and the
// bidirectional controls that would make "gnp.exe" read "exe.png" (@recell/api's plainText, which the mocks
// run too). Control characters are the contract's to refuse (PlainText): a 400 that names the field.
// This is the first step to walk a parsed body, so it also refuses one nested deeper than any the contract takes
// (a 40 KB body of 20,000 arrays fits the size limit): a 400 here, before anything that might recurse sees it.
import type { RequestHandler } from 'express';
import { MAX_BODY_DEPTH, plainTextWithin } from '@recell/api';
import { HttpError } from './errors';

export { MAX_BODY_DEPTH };

export function trimBody(): RequestHandler {
  return (req, _res, next) => {
    const body: unknown = req.body;
    if (body && typeof body === 'object' && !Buffer.isBuffer(body) && !plainTextWithin(body)) {
      return next(
        new HttpError(400, `The request body is nested too deeply (at most ${MAX_BODY_DEPTH} levels)`),
      );
    }
    next();
  };
}
