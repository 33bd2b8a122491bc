import type { Database } from '../../db/database';

export interface PhoneRow {
  phone_e164: string | null;
  phone_verified_at: string | null;
}

export function sellerPhonesRepository(db: Database) {
  return {
    find: (userId: string) =>
      db.get<PhoneRow>('SELECT phone_e164, phone_verified_at FROM users WHERE id = ?', [userId]),
    /** Sets the verified number; the partial unique index refuses one another account holds (a race too). */
    verify: (userId: string, e164: string, at: string) =>
      db.run('UPDATE users SET phone_e164 = ?, phone_verified_at = ? WHERE id = ?', [e164, at, userId]),
  };
}

export type SellerPhonesRepository = ReturnType<typeof sellerPhonesRepository>;
