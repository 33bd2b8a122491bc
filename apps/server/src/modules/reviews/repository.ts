// Reviews' rows. Published means: not blind any more (both parties wrote: `published_at`), or the
// window closed on the deal clock (`window_closes_at <= now`); the publication job then sets `published_at` of
// such a lone review too (publishDue), which is when it counts in the stored seller rating (seller-ratings.ts).
// The profile's own rating is summed from the rows each time it is read, so it agrees with the rows it shows.
import type { Database } from '../../db/database';
import { pageOfRows, type RowWindow } from '../../db/paging';

export type ReviewAbout = 'seller' | 'buyer';
/** The review queue's filter (the contract's `status` of listReviewReports). */
export type ReportedStatus = 'open' | 'hidden';

export interface ReviewRow {
  id: string;
  booking_id: string;
  author_id: string;
  subject_id: string;
  about: ReviewAbout;
  stars: number;
  text: string | null;
  created_at: string;
  window_closes_at: string;
  published_at: string | null;
  hidden_at: string | null;
  hidden_reason: string | null;
  author_name: string;
  reply_text: string | null;
  replied_at: string | null;
  handover_imei_matched: 0 | 1 | null;
  handover_condition_matched: 0 | 1 | null;
  handover_signed_out: 0 | 1 | null;
}

export type NewReviewRow = Pick<
  ReviewRow,
  | 'id'
  | 'booking_id'
  | 'author_id'
  | 'subject_id'
  | 'about'
  | 'stars'
  | 'text'
  | 'created_at'
  | 'window_closes_at'
>;

const COLUMNS = `r.id, r.booking_id, r.author_id, r.subject_id, r.about, r.stars, r.text, r.created_at,
  r.window_closes_at, r.published_at, r.hidden_at, r.hidden_reason, u.name AS author_name,
  p.text AS reply_text, p.replied_at, b.handover_imei_matched, b.handover_condition_matched, b.handover_signed_out`;
const FROM = `FROM reviews r JOIN users u ON u.id = r.author_id JOIN bookings b ON b.id = r.booking_id
  LEFT JOIN review_replies p ON p.review_id = r.id`;
/** Public: published and not hidden; one parameter, the deal clock's now. */
const PUBLIC = 'r.hidden_at IS NULL AND (r.published_at IS NOT NULL OR r.window_closes_at <= ?)';

/**
 * A row as an UPDATE left it: whether it counts in a seller's stored rating is read from here, the row's latest
 * version (PostgreSQL re-reads a row another transaction changed before updating it), not from an earlier read.
 */
export type Published = Pick<
  ReviewRow,
  'id' | 'booking_id' | 'author_id' | 'subject_id' | 'about' | 'stars' | 'published_at' | 'hidden_at'
>;
const RETURNED = 'id, booking_id, author_id, subject_id, about, stars, published_at, hidden_at';

export const isPublished = (row: Pick<ReviewRow, 'published_at' | 'window_closes_at'>, at: string) =>
  row.published_at !== null || row.window_closes_at <= at;

export function reviewsRepository(db: Database) {
  return {
    find: (id: string) => db.get<ReviewRow>(`SELECT ${COLUMNS} ${FROM} WHERE r.id = ?`, [id]),
    ofBooking: (bookingId: string) =>
      db.all<ReviewRow>(`SELECT ${COLUMNS} ${FROM} WHERE r.booking_id = ?`, [bookingId]),
    /** False when this author already reviewed this deal (the unique key decides, also between racing calls). */
    async insert(row: NewReviewRow): Promise<boolean> {
      const { changes } = await db.run(
        `INSERT INTO reviews (id, booking_id, author_id, subject_id, about, stars, text, created_at, window_closes_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
        [
          row.id,
          row.booking_id,
          row.author_id,
          row.subject_id,
          row.about,
          row.stars,
          row.text,
          row.created_at,
          row.window_closes_at,
        ],
      );
      return changes === 1;
    },
    /**
     * Both parties have written: both reviews of the deal are published now (once), answered with the rows this
     * call published (`all`, not `get`: SQLite's `get` leaves a RETURNING statement unfinished).
     */
    publishBoth: (bookingId: string, at: string) =>
      db.all<Published>(
        `UPDATE reviews SET published_at = ? WHERE booking_id = ? AND published_at IS NULL
           AND (SELECT COUNT(*) FROM reviews other WHERE other.booking_id = ?) = 2
         RETURNING ${RETURNED}`,
        [at, bookingId, bookingId],
      ),
    /** Lone reviews whose window closed on the deal clock and that no job has published yet, oldest first. */
    due: (at: string, limit: number) =>
      db.all<{ id: string }>(
        `SELECT id FROM reviews WHERE published_at IS NULL AND window_closes_at <= ?
         ORDER BY window_closes_at, id LIMIT ?`,
        [at, limit],
      ),
    /**
     * The window closed: the review is published as of its closing, claimed by this one conditional UPDATE, so
     * of two processes (or a second review racing it) one publishes it; the other gets no row.
     */
    publishClosed: async (id: string, at: string) =>
      (
        await db.all<Published>(
          `UPDATE reviews SET published_at = window_closes_at
           WHERE id = ? AND published_at IS NULL AND window_closes_at <= ? RETURNING ${RETURNED}`,
          [id, at],
        )
      )[0],
    async reply(reviewId: string, text: string, at: string): Promise<boolean> {
      const { changes } = await db.run(
        'INSERT INTO review_replies (review_id, text, replied_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING',
        [reviewId, text, at],
      );
      return changes === 1;
    },
    async report(row: { id: string; review_id: string; reporter_id: string; reason: string; at: string }) {
      const { changes } = await db.run(
        `INSERT INTO review_reports (id, review_id, reporter_id, reason, created_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT DO NOTHING`,
        [row.id, row.review_id, row.reporter_id, row.reason, row.at],
      );
      return changes === 1;
    },
    /**
     * The admins' queue: reviews someone reported, open (not hidden) or hidden, last reported first. Each review's
     * reports come from `reportsOf`.
     */
    reported: (status: ReportedStatus, page: RowWindow) => {
      const where = `WHERE EXISTS (SELECT 1 FROM review_reports x WHERE x.review_id = r.id)
        AND r.hidden_at IS ${status === 'hidden' ? 'NOT NULL' : 'NULL'}`;
      return pageOfRows<ReviewRow & { subject_name: string }>(db, {
        columns: `${COLUMNS}, s.name AS subject_name`,
        from: `${FROM} JOIN users s ON s.id = r.subject_id ${where}`,
        countFrom: `FROM reviews r ${where}`,
        order: '(SELECT MAX(x.created_at) FROM review_reports x WHERE x.review_id = r.id) DESC, r.id DESC',
        page,
      });
    },
    /** The reports of these reviews, newest first, with who wrote them. */
    reportsOf: (reviewIds: readonly string[]) =>
      reviewIds.length === 0
        ? Promise.resolve([])
        : db.all<{
            review_id: string;
            reporter_id: string;
            reporter_name: string;
            reason: string;
            created_at: string;
          }>(
            `SELECT x.review_id, x.reporter_id, u.name AS reporter_name, x.reason, x.created_at
             FROM review_reports x JOIN users u ON u.id = x.reporter_id
             WHERE x.review_id IN (${reviewIds.map(() => '?').join(', ')})
             ORDER BY x.created_at DESC, x.id DESC`,
            [...reviewIds],
          ),
    /** Hidden once; answered with the row as this call hid it (none when it was hidden already). */
    hide: async (id: string, reason: string, by: string, at: string) =>
      (
        await db.all<Published>(
          `UPDATE reviews SET hidden_at = ?, hidden_reason = ?, hidden_by = ? WHERE id = ? AND hidden_at IS NULL
           RETURNING ${RETURNED}`,
          [at, reason, by, id],
        )
      )[0],
    /** A person's public reviews in one role, newest first. */
    published: (subjectId: string, about: ReviewAbout, at: string, page: RowWindow) =>
      pageOfRows<ReviewRow>(db, {
        columns: COLUMNS,
        from: `${FROM} WHERE r.subject_id = ? AND r.about = ? AND ${PUBLIC}`,
        countFrom: `FROM reviews r WHERE r.subject_id = ? AND r.about = ? AND ${PUBLIC}`,
        params: [subjectId, about, at],
        order: 'r.created_at DESC, r.id DESC',
        page,
      }),
    async rating(subjectId: string, about: ReviewAbout, at: string) {
      const row = await db.get<{ total: number | null; n: number }>(
        `SELECT SUM(r.stars) AS total, COUNT(*) AS n FROM reviews r
         WHERE r.subject_id = ? AND r.about = ? AND ${PUBLIC}`,
        [subjectId, about, at],
      );
      const count = Number(row?.n ?? 0);
      // Two decimals: 4.67 for 4, 5, 5; the web rounds it for show.
      const average = count === 0 ? null : Math.round((Number(row?.total) / count) * 100) / 100;
      return { average, count };
    },
    /** Completed deals as the seller (by listing) or as the buyer (by email). */
    async completedDeals(userId: string, as: ReviewAbout) {
      const row = await db.get<{ n: number }>(
        as === 'seller'
          ? "SELECT COUNT(*) AS n FROM bookings WHERE seller_id = ? AND status = 'completed'"
          : `SELECT COUNT(*) AS n FROM bookings b JOIN users u ON u.email = b.buyer_email
             WHERE u.id = ? AND b.status = 'completed'`,
        [userId],
      );
      return Number(row?.n ?? 0);
    },
    person: (id: string) =>
      db.get<{
        id: string;
        name: string;
        role: string;
        verified: 0 | 1;
        created_at: string;
        phone_e164: string | null;
      }>('SELECT id, name, role, verified, created_at, phone_e164 FROM users WHERE id = ?', [id]),
    personByEmail: (email: string) =>
      db.get<{ id: string; name: string }>('SELECT id, name FROM users WHERE email = ?', [email]),
    /**
     * Minutes from the buyer's first message to the seller's first answer after it, in the seller's latest 100
     * conversations that have both (the messages tables; a conversation's own index serves each).
     */
    async firstReplyMinutes(sellerId: string): Promise<number[]> {
      const rows = await db.all<{ asked: string; answered: string }>(
        `SELECT asked, (SELECT MIN(m.sent_at) FROM messages m
             WHERE m.conversation_id = t.id AND m.sender_id = t.seller_id AND m.sent_at >= t.asked) AS answered
         FROM (SELECT c.id, c.seller_id, (SELECT MIN(m.sent_at) FROM messages m
                 WHERE m.conversation_id = c.id AND m.sender_id = c.buyer_id) AS asked
               FROM conversations c WHERE c.seller_id = ? ORDER BY c.updated_at DESC LIMIT 100) t
         WHERE asked IS NOT NULL`,
        [sellerId],
      );
      return rows
        .filter((row) => row.answered)
        .map((row) => Math.max(0, Math.round((Date.parse(row.answered) - Date.parse(row.asked)) / 60_000)));
    },
  };
}

export type ReviewsRepository = ReturnType<typeof reviewsRepository>;
