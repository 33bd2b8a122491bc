import type { Response } from 'express';
import { requireUser, tokenExpiresAt } from '../http/authenticate';
import { operations, type Operations } from '../http/operation';
import type { LiveStreams } from './stream';

export function liveRoutes(streams: LiveStreams): Operations {
  return operations({
    streamEvents(req, typed) {
      // The answer is a stream of text, not a JSON body the operation types could describe.
      const res = typed as Response;
      const user = requireUser(res);
      // The contract's pattern (digits only) has been checked.
      const header = req.get('last-event-id');
      streams.open({
        user: user.id,
        lastEventId: header === undefined ? undefined : Number(header),
        expiresAt: tokenExpiresAt(res),
        res,
      });
    },
  });
}
