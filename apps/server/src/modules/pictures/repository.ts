// Which uploaded pictures the database still points at. A listing's `picture` is the URL POST /images answered
// (relative, or absolute when a client prefixed its origin); bookings and wishlist entries keep a copy of it,
// and a booking outlives its listing, so all three count as uses.
import type { Database } from '../../db/database';

/** The generated name inside an /uploads/ URL (32 hex digits), without the thumbnail suffix. */
export const UPLOAD_NAME = /\/uploads\/([0-9a-f]{32})(?:-\d+)?\.webp(?:[?#]|$)/;

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
      return names;
    },
  };
}

export type PicturesRepository = ReturnType<typeof picturesRepository>;
