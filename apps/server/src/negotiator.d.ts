// negotiator 1.x has no published types of its own (DefinitelyTyped's are for 0.6, without `preferred`): the
// one call used here.
declare module 'negotiator' {
  import type { IncomingHttpHeaders } from 'node:http';

  export default class Negotiator {
    constructor(request: { headers: IncomingHttpHeaders });
    /** The best of `available` for the request's Accept-Encoding; `preferred` breaks ties of equal quality. */
    encoding(available: readonly string[], options?: { preferred?: readonly string[] }): string | undefined;
  }
}
