// Every call the earlier version made (seed-spec §7) must be an operation of the contract.
import { describe, expect, it } from 'vitest';
import { contractValidator } from '../src/contract';

const SEED_CALLS = [
  'GET /blogs',
  'GET /categorymobiles',
  'GET /advertise',
  'GET /mobiles/{id}',
  'POST /mobiles',
  'POST /images', // the image host's upload, now our own
  'POST /bookings',
  'GET /bookings',
  'GET /bookings/{id}',
  'POST /wishlist',
  'GET /wishlist',
  'POST /report',
  'GET /reports',
  'GET /users',
  'DELETE /users/{id}',
  'GET /users/admin/{email}',
  'GET /users/seller/{email}',
  'POST /usersall',
  'GET /jwt',
  'GET /addedbyseller',
  'POST /advertise',
  'POST /create-payment-intent',
  'POST /payments',
];

describe('seed-spec §7 calls', () => {
  const contract = contractValidator();
  const declared = new Set(contract.operations.map((op) => `${op.method.toUpperCase()} ${op.path}`));

  it('lists the 23 calls', () => {
    expect(new Set(SEED_CALLS).size).toBe(23);
  });

  it.each(SEED_CALLS)('%s is an operation of openapi.yaml', (call) => {
    expect(declared).toContain(call);
  });
});
