// Typed reads of values express-openapi-validator has already checked and coerced.
import type { Request } from 'express';

type Query = Record<string, unknown>;

export const query = (req: Request): Query => req.query as Query;

export function stringParam(req: Request, name: string): string | undefined {
  const value = query(req)[name];
  return typeof value === 'string' ? value : undefined;
}

export function numberParam(req: Request, name: string): number | undefined {
  const value = query(req)[name];
  if (value === undefined || value === '') return undefined;
  const number = Number(value);
  return Number.isFinite(number) ? number : undefined;
}

/** A required string query parameter the contract declares (validated before the route runs). */
export function requiredParam(req: Request, name: string): string {
  return stringParam(req, name) ?? '';
}

export function pathParam(req: Request, name: string): string {
  return String(req.params[name] ?? '');
}
