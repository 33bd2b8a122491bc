// The site's own origin for absolute URLs (sitemap, canonical, Open Graph). It comes from configuration, never
// from the request's Host header: a spoofed Host must not end up in a cached sitemap or a shared preview.
import type { Config } from '../../config';

/** PUBLIC_URL (e.g. https://recell.example, checked by config.ts), or http://HOST:PORT; no trailing slash. */
export function publicOrigin(config: Pick<Config, 'host' | 'port' | 'publicUrl'>): string {
  if (config.publicUrl) {
    const url = new URL(config.publicUrl);
    return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
  }
  // A wildcard bind address is not somewhere a browser can go.
  const host = ['0.0.0.0', '::', ''].includes(config.host) ? 'localhost' : config.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${config.port}`;
}
