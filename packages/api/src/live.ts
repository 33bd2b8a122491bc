// The live event stream (GET /events) as both ends know it.

/**
 * The server writes a comment line this often on an idle stream, so proxies keep it; a client that has read
 * nothing for about twice this long can take the stream for cut and reconnect (with Last-Event-ID).
 */
export const LIVE_KEEP_ALIVE_MS = 25_000;
