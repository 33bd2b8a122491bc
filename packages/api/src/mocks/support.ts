// What every mock handler needs: the contract's Error answers, who is calling, and paging.
import { HttpResponse, passthrough, type HttpHandler } from 'msw';
import { createOpenApiHttp } from 'openapi-msw';
import type { components, operations, paths } from '../generated/schema';

type ErrorCode = components['schemas']['ErrorCode'];
import type { DealRefusal } from '../deal-rules';
import { actsFor, sameEmail, SECOND_FACTOR_REQUIRED } from '../rules';
import { voidOpenOffers } from './offer-ending';
import type { MockStore } from './store';
import { readClaims } from './tokens';

type User = components['schemas']['User'];
type Role = User['role'];

/** Matches `/api/...` on any origin (the app, Storybook, a test's base URL). */
export const http = createOpenApiHttp<paths>({ baseUrl: '*/api' });

/** A group's handlers keyed by operationId, as the server's routers are: the key names the operation. */
export type OperationHandlers = { [K in keyof operations]?: HttpHandler };

/**
 * In front of every other handler (including a scenario's): a URL with `/api/` deeper in its path is not the API
 * but, say, a dev server's module under packages/api/src/, and goes to the network untouched.
 */
export const notTheApi = http.untyped.all('*/api/*', ({ request }) =>
  new URL(request.url).pathname.startsWith('/api/') ? undefined : passthrough(),
);

/** Stops a handler with the contract's Error shape (MSW answers a thrown Response as it is). */
export function fail(status: number, message: string, code?: ErrorCode): never {
  throw HttpResponse.json(code ? { message, code } : { message }, { status });
}

/** Stops a handler with one of the deal's refusals, worded by its rulebook as the server words it. */
export function refuse({ status, message, code, details }: DealRefusal): never {
  throw HttpResponse.json({ message, code, ...(details && { details }) }, { status });
}

export const CANCELLED = 'This booking was cancelled: the phone is no longer listed';

type Mobile = components['schemas']['Mobile'];

/** Takes listings down as the server does: their unpaid bookings are kept as cancelled, their cart entries go. */
export function removeListings(store: MockStore, which: (mobile: Mobile) => boolean): void {
  const removed = new Set(store.mobiles.filter(which).map((mobile) => mobile._id));
  for (const mobileId of removed) voidOpenOffers(store, mobileId, 'listing_removed');
  store.mobiles = store.mobiles.filter((mobile) => !removed.has(mobile._id));
  for (const booking of store.bookings) {
    // An unpaid or held booking is cancelled (a hold voided); its listing is gone, so no unit comes back.
    if (removed.has(booking.mobileId) && !booking.paid && !booking.cancelled) {
      booking.cancelled = true;
      booking.cancelledBy = 'listing';
      booking.status = 'cancelled';
      booking.endedAt = now();
      for (const key of ['holdExpiresAt', 'handoverCode', 'handoverAttemptsLeft', 'handoverLocked'] as const)
        delete booking[key];
      const payment = store.payments.find((candidate) => candidate.bookingId === booking._id);
      if (payment?.status === 'held') payment.status = 'voided';
    }
  }
  store.wishlist = store.wishlist.filter((item) => !removed.has(item.wishlistedID));
}

export function now(): string {
  return new Date().toISOString();
}

/**
 * As the server (authenticate.ts): an admin whose sign-in had no second step is refused by every operation that
 * reads the access token, whatever its roles, before they are looked at (a token that does not say, as most
 * scenes' do, is let through; the server's always says). The contract guard runs it for every such operation.
 */
export function requireSecondStep(store: MockStore, request: Request): void {
  const claims = readClaims(request.headers.get('authorization'));
  const user = claims && store.users.find((candidate) => candidate.email === claims.email);
  if (user?.role === 'admin' && claims?.second_factor === false)
    fail(403, SECOND_FACTOR_REQUIRED, 'second_factor_required');
}

/** The signed-in caller, from the access token; 401 without one, 403 when their role is not allowed. */
export function requireUser(store: MockStore, request: Request, roles?: readonly Role[]): User {
  const claims = readClaims(request.headers.get('authorization'));
  const user = claims && store.users.find((candidate) => candidate.email === claims.email);
  if (!user) fail(401, 'Please sign in again');
  requireSecondStep(store, request);
  if (roles && !roles.includes(user.role)) fail(403, 'Forbidden');
  return user;
}

/** The caller where identity is optional: a visitor without a token; a token that is sent must be valid. */
export function optionalUser(store: MockStore, request: Request): User | undefined {
  return request.headers.has('authorization') ? requireUser(store, request) : undefined;
}

/** Admin, or your own email (the server's rule, from rules.ts). */
export function requireOwnEmail(user: User, email: string | null): void {
  if (!actsFor(user, email)) fail(403, 'Forbidden');
}

/** Your own email only, admins included (a booking's buyer pays, cancels, walks away). */
export function requireSelf(user: User, email: string): void {
  if (!sameEmail(user.email, email)) fail(403, 'Forbidden');
}

export function paginate<T>(items: T[], query: { get(name: 'page' | 'pageSize'): string | number | null }) {
  const page = Number(query.get('page') ?? 1);
  const pageSize = Number(query.get('pageSize') ?? 20);
  return { items: items.slice((page - 1) * pageSize, page * pageSize), total: items.length, page, pageSize };
}

export function newestFirst<T>(items: T[], key: keyof T): T[] {
  // reversed first: of two made in the same millisecond, the later one (pushed last) comes first, as on the server
  return [...items].reverse().sort((a, b) => String(b[key]).localeCompare(String(a[key])));
}
