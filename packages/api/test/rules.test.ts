// The access rule the server (apps/server/src/auth/policy.ts) and the mocks both enforce.
import { describe, expect, it } from 'vitest';
import { actsFor, sameEmail } from '../src/rules';

describe('admin, or your own email', () => {
  const buyer = { role: 'buyer' as const, email: 'Buyer@ReCell.test' };
  const admin = { role: 'admin' as const, email: 'admin@recell.test' };

  it('compares addresses case-blind, and a missing address is nobody', () => {
    expect(sameEmail(buyer.email, 'buyer@recell.TEST')).toBe(true);
    expect(sameEmail(buyer.email, 'other@recell.test')).toBe(false);
    expect(sameEmail(buyer.email, null)).toBe(false);
    expect(sameEmail(buyer.email, undefined)).toBe(false);
  });

  it('lets a caller act for their own address only, and an admin for any', () => {
    expect(actsFor(buyer, 'BUYER@recell.test')).toBe(true);
    expect(actsFor(buyer, 'seller@recell.test')).toBe(false);
    expect(actsFor(buyer, null)).toBe(false);
    expect(actsFor({ role: 'seller', email: 'seller@recell.test' }, buyer.email)).toBe(false);
    expect(actsFor(admin, 'seller@recell.test')).toBe(true);
    expect(actsFor(admin, null)).toBe(true);
  });
});
