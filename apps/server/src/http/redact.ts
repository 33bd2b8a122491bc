// Request logs name no one: an email in a URL (`?email=`, `/users/admin/{email}`) is written as [email].

const EMAIL = /[^/?&=#\s]+(?:@|%40)[^/?&=#\s]+/gi;

export function redactUrl(url: string): string {
  return url.replace(EMAIL, '[email]');
}

interface SerializedRequest {
  url?: string;
  query?: Record<string, unknown>;
  params?: Record<string, unknown>;
  [key: string]: unknown;
}

const redactValues = (values: Record<string, unknown> | undefined) =>
  values &&
  Object.fromEntries(
    Object.entries(values).map(([key, value]) => [key, typeof value === 'string' ? redactUrl(value) : value]),
  );

/** pino-http's request serializer, after its standard one: the same fields, emails taken out. */
export function redactedRequest(req: SerializedRequest): SerializedRequest {
  return {
    ...req,
    ...(req.url === undefined ? {} : { url: redactUrl(req.url) }),
    ...(req.query === undefined ? {} : { query: redactValues(req.query) }),
    ...(req.params === undefined ? {} : { params: redactValues(req.params) }),
  };
}
