// A request sent with its path exactly as written: supertest and fetch resolve URLs first, which would fold
// `/api/../api/x` or `//api` into the canonical spelling and make an odd-path test check nothing.
import { request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export async function rawRequest(
  server: Server,
  method: string,
  path: string,
  options: {
    token?: string | null | undefined;
    body?: unknown;
    /** A JSON body sent exactly as written (JSON.stringify itself gives up on some hostile bodies). */
    json?: string;
    upload?: Buffer;
  } = {},
): Promise<{ status: number; body: unknown }> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let payload: Buffer | undefined;
  if (options.upload) {
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(options.upload)], { type: 'image/jpeg' }), 'phone.jpg');
    const encoded = new Response(form);
    headers['content-type'] = encoded.headers.get('content-type') ?? '';
    payload = Buffer.from(await encoded.arrayBuffer());
  } else if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    payload = Buffer.from(options.json);
  } else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = Buffer.from(JSON.stringify(options.body));
  }
  if (payload) headers['content-length'] = String(payload.length);
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const outgoing = request(
      { host: '127.0.0.1', port, method: method.toUpperCase(), path, headers },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {
            // not JSON: kept as text, and the test says what it expected
          }
          resolve({ status: incoming.statusCode ?? 0, body });
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}

/** Spellings of an /api path that a lenient router might still route to the same handler. */
export function oddSpellings(pathAndQuery: string): string[] {
  const [path = '', query] = pathAndQuery.split(/\?(.*)/s);
  const rest = path.slice('/api'.length); // '/mobiles/02'
  const q = query ? `?${query}` : '';
  const [first = '', ...more] = rest.slice(1).split('/');
  const tail = more.length ? `/${more.join('/')}` : '';
  const capital = first.charAt(0).toUpperCase() + first.slice(1);
  return [
    `/API${rest}${q}`,
    `/Api${rest}${q}`,
    `/api/${capital}${tail}${q}`,
    `/api/${first.toUpperCase()}${tail}${q}`,
    `//api${rest}${q}`,
    `/api/${rest}${q}`,
    `${path}/${q}`,
    `/api%2F${first}${tail}${q}`,
    `/api/${first}${tail.replace(/^\//, '%2F')}${more.length ? '' : '%2F'}${q}`,
    `/api/../api${rest}${q}`,
    `/api/./${first}${tail}${q}`,
    `/api\\${first}${tail}${q}`,
    `/api/%${first.charCodeAt(0).toString(16)}${first.slice(1)}${tail}${q}`,
  ];
}
