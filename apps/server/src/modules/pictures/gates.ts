// Two gates in front of sharp, so a burst of uploads cannot take the whole server.
// - `slots`: at most N pictures decoded at once; the rest wait their turn. sharp works on libuv's thread pool
//   (4 threads), which SQLite and the file system share: 2 pictures at a time leave the other half to every
//   other request, so /health and the catalogue stay fast while a burst is processed.
// - `admission`: how many uploads may be in the server at all (being read, waiting or processed), taken before
//   the body is read. Past that the answer is 503 with Retry-After, not a longer queue: the server is busy for
//   everyone, and a client retrying in a few seconds beats one holding a connection and 5 MB of memory. One
//   seller may hold only a few places (429), so a few slow connections cannot fill it for everyone.
import { HttpError } from '../../http/errors';

export function slots(concurrency: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      // A freed slot is handed straight to the next waiter, so `active` never drops below what is running.
      if (active < concurrency) active += 1;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await task();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else active -= 1;
      }
    },
    stats: () => ({ active, waiting: waiting.length }),
  };
}

export const BUSY_RETRY_SECONDS = 5;

export function admission(options: { capacity: number; perSeller: number }) {
  let admitted = 0;
  const bySeller = new Map<string, number>();
  return {
    /** A place for one upload of `seller`, or an HttpError; the returned release may be called more than once. */
    enter(seller: string): () => void {
      const mine = bySeller.get(seller) ?? 0;
      if (mine >= options.perSeller) {
        throw new HttpError(429, 'Wait for your other pictures to finish uploading, then try again');
      }
      if (admitted >= options.capacity) {
        throw new HttpError(
          503,
          `The server is busy with other pictures; try again in ${BUSY_RETRY_SECONDS} s`,
        );
      }
      admitted += 1;
      bySeller.set(seller, mine + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        admitted -= 1;
        const left = (bySeller.get(seller) ?? 1) - 1;
        if (left > 0) bySeller.set(seller, left);
        else bySeller.delete(seller);
      };
    },
    stats: () => ({ admitted, sellers: bySeller.size }),
  };
}
