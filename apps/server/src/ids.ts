import { randomBytes } from 'node:crypto';

/** A new opaque id matching the contract's Id pattern, e.g. `m-3kq9...`. */
export function newId(prefix: string): string {
  return `${prefix}-${randomBytes(12).toString('base64url')}`;
}

export function now(): string {
  return new Date().toISOString();
}
