import type { Role, User } from '@recell/api';
import type { Database } from '../../db/database';
import type { PageRequest } from '../../http/pagination';
import { pageOfRows } from '../../db/paging';

export interface UserRow {
  id: string;
  firebase_uid: string | null;
  email: string;
  name: string;
  role: Role;
  verified: 0 | 1;
}

export const toUser = (row: UserRow): User => ({
  _id: row.id,
  name: row.name,
  email: row.email,
  role: row.role,
  verified: row.verified === 1,
});

const COLUMNS = 'id, firebase_uid, email, name, role, verified';

export function usersRepository(db: Database) {
  return {
    /** Every signed-in request reads its caller: from the read cache (emptied by any write). */
    findById: async (id: string) =>
      (await db.cachedAll<UserRow>(`SELECT ${COLUMNS} FROM users WHERE id = ?`, [id]))[0],
    findByEmail: (email: string) => db.get<UserRow>(`SELECT ${COLUMNS} FROM users WHERE email = ?`, [email]),
    /** When the account was made (a young account may start fewer conversations). */
    createdAt: async (id: string) =>
      (await db.get<{ created_at: string }>('SELECT created_at FROM users WHERE id = ?', [id]))?.created_at,
    findByUid: (uid: string) => db.get<UserRow>(`SELECT ${COLUMNS} FROM users WHERE firebase_uid = ?`, [uid]),
    insert: (user: Omit<UserRow, 'verified'>, createdAt: string) =>
      db.run(
        'INSERT INTO users (id, firebase_uid, email, name, role, verified, created_at) VALUES (?, ?, ?, ?, ?, 0, ?)',
        [user.id, user.firebase_uid, user.email, user.name, user.role, createdAt],
      ),
    linkUid: (id: string, uid: string) =>
      db.run('UPDATE users SET firebase_uid = ? WHERE id = ? AND firebase_uid IS NULL', [uid, id]),
    setRole: (id: string, role: Role) => db.run('UPDATE users SET role = ? WHERE id = ?', [role, id]),
    setVerified: (id: string, verified: boolean) =>
      db.run('UPDATE users SET verified = ? WHERE id = ?', [verified ? 1 : 0, id]),
    /** Newest first: the account an admin looks for is most often a new one. `words`: part of a name or email. */
    async list(filter: { role?: Role | undefined; words?: string | undefined }, page: PageRequest) {
      const where: string[] = [];
      const params: string[] = [];
      if (filter.role) {
        where.push('role = ?');
        params.push(filter.role);
      }
      if (filter.words) {
        // LIKE's wildcards in what was typed are only themselves
        const like = `%${filter.words.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        where.push("(lower(email) LIKE ? ESCAPE '\\' OR lower(name) LIKE ? ESCAPE '\\')");
        params.push(like, like);
      }
      return pageOfRows<UserRow>(db, {
        columns: COLUMNS,
        from: `FROM users ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''}`,
        params,
        order: 'created_at DESC, id DESC',
        page,
      });
    },
    delete: (id: string) => db.run('DELETE FROM users WHERE id = ?', [id]),

    /** In the transaction that deletes the user row: their identity account is removed after it commits. */
    queueIdentityDeletion: (user: Pick<UserRow, 'id' | 'firebase_uid' | 'email'>, requestedAt: string) =>
      db.run(
        'INSERT INTO identity_deletions (user_id, firebase_uid, email, requested_at) VALUES (?, ?, ?, ?)',
        [user.id, user.firebase_uid, user.email, requestedAt],
      ),
    pendingIdentityDeletions: () =>
      db.all<IdentityDeletion>(
        'SELECT user_id, firebase_uid, email FROM identity_deletions ORDER BY requested_at, user_id',
      ),
    /** A deleted user's identity, not yet removed: by uid, or by email for a record that never had one. */
    identityBeingDeleted: async (uid: string, email: string) =>
      (await db.get<{ one: number }>(
        'SELECT 1 AS one FROM identity_deletions WHERE firebase_uid = ? OR (firebase_uid IS NULL AND email = ?)',
        [uid, email],
      )) !== undefined,
    identityDeleted: (userId: string) => db.run('DELETE FROM identity_deletions WHERE user_id = ?', [userId]),
  };
}

export interface IdentityDeletion {
  user_id: string;
  firebase_uid: string | null;
  email: string;
}

export type UsersRepository = ReturnType<typeof usersRepository>;
