// Which uploaded pictures the database still points at. A listing's `picture` is the URL POST /images answered
// (relative, or absolute when a client prefixed its origin); bookings and wishlist entries keep a copy of it,
// and a booking outlives its listing, so all three count as uses; so do a claim's pictures (a JSON array). And who
// uploaded each picture (picture_uploads): a claim carries only its buyer's own.
import type { Database } from '../../db/database';

/** The generated name inside an /uploads/ URL (32 hex digits), without the thumbnail suffix. */
export const UPLOAD_NAME = /\/uploads\/([0-9a-f]{32})(?:-\d+)?\.webp(?:[?#]|$)/;

/** Every generated name in a text (a claim's JSON array of paths). */
const UPLOAD_NAMES = /\/uploads\/([0-9a-f]{32})(?:-\d+)?\.webp(?=[?#"]|$)/g;

export function picturesRepository(db: Database) {
  return {
    async referencedUploads(): Promise<Set<string>> {
      const rows = await db.all<{ picture: string }>(
        `SELECT picture FROM mobiles WHERE picture LIKE '%/uploads/%'
         UNION SELECT picture FROM bookings WHERE picture LIKE '%/uploads/%'
         UNION SELECT picture FROM wishlist WHERE picture LIKE '%/uploads/%'`,
      );
      const names = new Set<string>();
      for (const { picture } of rows) {
        const name = UPLOAD_NAME.exec(picture)?.[1];
        if (name) names.add(name);
      }
      const claims = await db.all<{ pictures: string }>(
        "SELECT pictures FROM claims WHERE pictures LIKE '%/uploads/%'",
      );
      for (const { pictures } of claims)
        for (const match of pictures.matchAll(UPLOAD_NAMES)) names.add(match[1]!);
      return names;
    },

    /** Who uploaded the picture `name` (its generated name, without the extension). */
    recordOwner: (name: string, ownerId: string, at: string) =>
      db.run(
        'INSERT INTO picture_uploads (name, owner_id, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING',
        [name, ownerId, at],
      ),

    /** Of these generated names, the ones `ownerId` uploaded. */
    async ownedBy(ownerId: string, names: readonly string[]): Promise<Set<string>> {
      if (names.length === 0) return new Set();
      const rows = await db.all<{ name: string }>(
        `SELECT name FROM picture_uploads WHERE owner_id = ? AND name IN (${names.map(() => '?').join(', ')})`,
        [ownerId, ...names],
      );
      return new Set(rows.map((row) => row.name));
    },
  };
}

export type PicturesRepository = ReturnType<typeof picturesRepository>;
