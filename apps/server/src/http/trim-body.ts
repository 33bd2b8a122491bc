// Text is stored as people meant it: leading and trailing spaces go before the contract checks a body, so
// "   " is an empty string (refused by minLength) and " Dhaka " is stored as "Dhaka".
import type { RequestHandler } from 'express';

function trimmed(value: unknown): unknown {
  if (typeof value === 'string') return value.trim();
  if (Array.isArray(value)) return value.map(trimmed);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, trimmed(inner)]));
  }
  return value;
}

export function trimBody(): RequestHandler {
  return (req, _res, next) => {
    if (req.body && typeof req.body === 'object' && !Buffer.isBuffer(req.body)) req.body = trimmed(req.body);
    next();
  };
}
