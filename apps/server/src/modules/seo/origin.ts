// The site's own origin for absolute URLs (sitemap, canonical, Open Graph). It comes from configuration, never
// from the request's Host header: a spoofed Host must not end up in a cached sitemap or a shared preview.
// PUBLIC_URL is read here rather than in config.ts only because that file has another owner right now.
import type { Config } from '../../config';

/** PUBLIC_URL (e.g. https://recell.example), or http://HOST:PORT; no trailing slash. Throws on a bad value. */
export function publicOrigin(env: NodeJS.ProcessEnv, config: Pick<Config, 'host' | 'port'>): string {
  const configured = env.PUBLIC_URL?.trim();
  if (configured) {
    let url: URL;
    try {
      url = new URL(configured);
    } catch {
      throw new Error(`PUBLIC_URL must be an absolute http(s) URL, not "${configured}"`);
    }
    if (!['http:', 'https:'].includes(url.protocol) || url.search || url.hash || url.username) {
      throw new Error(`PUBLIC_URL must be a plain http(s) URL without query, fragment or credentials`);
    }
    return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
  }
  // A wildcard bind address is not somewhere a browser can go.
  const host = ['0.0.0.0', '::', ''].includes(config.host) ? 'localhost' : config.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${config.port}`;
}
