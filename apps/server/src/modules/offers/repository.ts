// The offers' writes. Each move is one conditional UPDATE whose WHERE names the states the rulebook lets it leave
// (offerMovesFrom, @recell/api's OFFER_TRANSITIONS), so of two racing moves exactly one changes the row. An offer's
// card authorizations are rows of their own: each is let go exactly once (claimed live -> releasing, then released).
import { offerMovesFrom, OPEN_OFFER_STATUSES, type components } from '@recell/api';
import type { Database } from '../../db/database';
import { pageOfRows, type RowWindow } from '../../db/paging';

type OfferStatus = components['schemas']['OfferStatus'];
type OfferEndedReason = components['schemas']['OfferEndedReason'];

export interface OfferRow {
  id: string;
  mobile_id: string;
  seller_id: string | null;
  seller_name: string;
  buyer_email: string;
  buyer_name: string;
  mobile_name: string;
  picture: string;
  asking_cents: number;
  amount_cents: number;
  counter_cents: number | null;
  status: OfferStatus;
  ended_reason: OfferEndedReason | null;
  text: string | null;
  counter_text: string | null;
  /** JSON: the notes' safety findings */
  safety: string;
  created_at: string;
  expires_at: string;
  authorized_at: string | null;
  ended_at: string | null;
  transaction_id: string | null;
  booking_id: string | null;
  /** read only: what the current authorization holds */
  held_cents: number | null;
  /** read only: the buyer's offers on this listing that count toward OFFER_RULES.perListing */
  made: number;
  /** read only: the buyer and seller's conversation about this listing */
  conversation_id: string | null;
}

/** What an offer is made on: the listing as it is now, with its seller. */
export interface OfferListing {
  id: string;
  seller_id: string;
  seller_name: string;
  seller_email: string;
  title: string;
  picture: string;
  location: string;
  booking_ref: string;
  resale_cents: number;
  stock: number;
  offer_floor_cents: number | null;
}

export interface AuthorizationRow {
  transaction_id: string;
  offer_id: string;
  amount_cents: number;
  state: 'live' | 'used' | 'releasing' | 'released';
  authorized_at: string;
}

const states = (list: readonly OfferStatus[]) => list.map((state) => `'${state}'`).join(', ') || 'NULL';
/** The rulebook's states that may move to `to`, as SQL (only the rulebook's own names go into the text). */
const leadingTo = (to: OfferStatus) => states(offerMovesFrom(to));
const OPEN = states(OPEN_OFFER_STATUSES);
/** Counted toward the buyer's offers on a listing: ever authorized, or declined at once by the floor. */
const COUNTED = `(x.authorized_at IS NOT NULL OR x.ended_reason = 'below_floor')`;

const OFFER_COLUMNS = `o.id, o.mobile_id, o.seller_id, o.seller_name, o.buyer_email, o.buyer_name, o.mobile_name,
  o.picture, o.asking_cents, o.amount_cents, o.counter_cents, o.status, o.ended_reason, o.text, o.counter_text,
  o.safety, o.created_at, o.expires_at, o.authorized_at, o.ended_at, o.transaction_id, o.booking_id,
  (SELECT a.amount_cents FROM offer_authorizations a WHERE a.transaction_id = o.transaction_id) AS held_cents,
  (SELECT COUNT(*) FROM offers x WHERE x.buyer_email = o.buyer_email AND x.mobile_id = o.mobile_id
     AND ${COUNTED}) AS made,
  (SELECT c.id FROM conversations c JOIN users u ON u.id = c.buyer_id
     WHERE c.mobile_id = o.mobile_id AND u.email = o.buyer_email) AS conversation_id`;

export function offersRepository(db: Database) {
  const find = (id: string) => db.get<OfferRow>(`SELECT ${OFFER_COLUMNS} FROM offers o WHERE o.id = ?`, [id]);

  return {
    find,

    /**
     * The offer's own row, without what is read around it (the held amount, the count, the conversation): what a
     * transaction decides on. One primary-key read, so PostgreSQL's SERIALIZABLE checks see one row, not a range.
     */
    row: async (id: string): Promise<OfferRow | undefined> => {
      const row = await db.get<Omit<OfferRow, 'held_cents' | 'made' | 'conversation_id'>>(
        'SELECT * FROM offers WHERE id = ?',
        [id],
      );
      return row && { ...row, held_cents: null, made: 0, conversation_id: null };
    },

    listing: (mobileId: string) =>
      db.get<OfferListing>(
        `SELECT m.id, m.seller_id, u.name AS seller_name, u.email AS seller_email, m.title, m.picture, m.location,
           m.booking_ref, m.resale_cents, m.stock, m.offer_floor_cents
         FROM mobiles m JOIN users u ON u.id = m.seller_id WHERE m.id = ?`,
        [mobileId],
      ),

    /**
     * Takes the listing's row first (a write that changes nothing): whatever takes its unit and ends its offers
     * locks the listing before any offer, as a paid booking does, so two such transactions never wait on each other.
     */
    lockListing: (mobileId: string) => db.run('UPDATE mobiles SET stock = stock WHERE id = ?', [mobileId]),

    stockOf: async (mobileId: string) =>
      (await db.get<{ stock: number }>('SELECT stock FROM mobiles WHERE id = ?', [mobileId]))?.stock ?? 0,

    /** The buyer's offers on a listing that count toward the limit. */
    made: async (buyerEmail: string, mobileId: string) =>
      (
        await db.get<{ n: number }>(
          `SELECT COUNT(*) AS n FROM offers x WHERE x.buyer_email = ? AND x.mobile_id = ? AND ${COUNTED}`,
          [buyerEmail, mobileId],
        )
      )?.n ?? 0,

    /** The buyer's open offer on a listing, if any (at most one: offers_one_open). */
    openOf: (buyerEmail: string, mobileId: string) =>
      db.get<{ id: string; status: OfferStatus }>(
        `SELECT id, status FROM offers WHERE buyer_email = ? AND mobile_id = ? AND status IN (${OPEN})`,
        [buyerEmail, mobileId],
      ),

    insert: (
      row: Omit<OfferRow, 'held_cents' | 'made' | 'conversation_id' | 'authorized_at' | 'transaction_id'>,
    ) =>
      db.run(
        `INSERT INTO offers (id, mobile_id, seller_id, seller_name, buyer_email, buyer_name, mobile_name, picture,
           asking_cents, amount_cents, counter_cents, status, ended_reason, text, counter_text, safety, created_at,
           expires_at, ended_at, booking_id)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          row.id,
          row.mobile_id,
          row.seller_id,
          row.seller_name,
          row.buyer_email,
          row.buyer_name,
          row.mobile_name,
          row.picture,
          row.asking_cents,
          row.amount_cents,
          row.counter_cents,
          row.status,
          row.ended_reason,
          row.text,
          row.counter_text,
          row.safety,
          row.created_at,
          row.expires_at,
          row.ended_at,
          row.booking_id,
        ],
      ),

    /** Ends an offer that is in one of `from` (and may end so); `dueBy`: only when it expired by then. */
    end: (
      id: string,
      to: 'declined' | 'withdrawn' | 'expired' | 'voided',
      reason: OfferEndedReason,
      at: string,
      from: readonly OfferStatus[] = OPEN_OFFER_STATUSES,
      dueBy?: string,
    ) =>
      db.run(
        `UPDATE offers SET status = ?, ended_reason = ?, ended_at = ?
         WHERE id = ? AND status IN (${states(from)}) AND status IN (${leadingTo(to)})
           ${dueBy ? 'AND expires_at <= ?' : ''}`,
        [to, reason, at, id, ...(dueBy ? [dueBy] : [])],
      ),

    /** The card authorized for the offer's amount: the seller sees it now, and has 24 h to answer. */
    authorize: (id: string, transaction: string, at: string, expiresAt: string) =>
      db.run(
        `UPDATE offers SET status = 'pending', transaction_id = ?, authorized_at = ?, expires_at = ?
         WHERE id = ? AND status IN (${leadingTo('pending')}) AND status = 'awaiting_card' AND expires_at > ?`,
        [transaction, at, expiresAt, id, at],
      ),

    counter: (
      id: string,
      cents: number,
      text: string | null,
      safety: string,
      at: string,
      expiresAt: string,
    ) =>
      db.run(
        `UPDATE offers SET status = 'countered', counter_cents = ?, counter_text = ?, safety = ?, expires_at = ?
         WHERE id = ? AND status IN (${leadingTo('countered')}) AND expires_at > ?`,
        [cents, text, safety, expiresAt, id, at],
      ),

    /**
     * Takes the offer's row for this transaction while it is still in `from` (a write that changes nothing): a
     * racing answer waits for this one to commit, then finds the offer moved.
     */
    lock: (id: string, from: OfferStatus) =>
      db.run('UPDATE offers SET status = status WHERE id = ? AND status = ?', [id, from]),

    /** Accepted on `transaction` (pending: the seller; countered: the buyer's payment of the counter). */
    accept: (id: string, from: 'pending' | 'countered', transaction: string, bookingId: string, at: string) =>
      db.run(
        `UPDATE offers SET status = 'accepted', transaction_id = ?, booking_id = ?, ended_at = ?
         WHERE id = ? AND status = ? AND status IN (${leadingTo('accepted')}) AND expires_at > ?`,
        [transaction, bookingId, at, id, from, at],
      ),

    /** The open offers on a listing (the last unit went, or the listing is going). */
    openOn: (mobileId: string) =>
      db.all<{ id: string }>(`SELECT id FROM offers WHERE mobile_id = ? AND status IN (${OPEN})`, [mobileId]),

    /** A buyer's open offers (their account is being deleted). */
    openOfBuyer: (buyerEmail: string) =>
      db.all<{ id: string }>(`SELECT id FROM offers WHERE buyer_email = ? AND status IN (${OPEN})`, [
        buyerEmail,
      ]),

    /** Open offers past their time (the job's work). */
    due: (at: string) =>
      db.all<{ id: string }>(
        `SELECT id FROM offers WHERE status IN (${OPEN}) AND expires_at <= ? ORDER BY expires_at LIMIT 500`,
        [at],
      ),

    floor: async (mobileId: string) =>
      (
        await db.get<{ offer_floor_cents: number | null }>(
          'SELECT offer_floor_cents FROM mobiles WHERE id = ?',
          [mobileId],
        )
      )?.offer_floor_cents ?? null,
    setFloor: (mobileId: string, cents: number | null) =>
      db.run('UPDATE mobiles SET offer_floor_cents = ? WHERE id = ?', [cents, mobileId]),

    page(
      filter: {
        buyerEmail?: string;
        sellerId?: string;
        mobileId?: string;
        open?: boolean;
        asSeller: boolean;
      },
      page: RowWindow,
    ) {
      const where: string[] = [];
      const params: string[] = [];
      if (filter.buyerEmail) {
        where.push('o.buyer_email = ?');
        params.push(filter.buyerEmail);
      }
      if (filter.sellerId) {
        where.push('o.seller_id = ?');
        params.push(filter.sellerId);
      }
      // the seller never sees an offer whose card was never authorized (waiting, replaced, under the floor)
      if (filter.asSeller) where.push('o.authorized_at IS NOT NULL');
      if (filter.mobileId) {
        where.push('o.mobile_id = ?');
        params.push(filter.mobileId);
      }
      if (filter.open) where.push(`o.status IN (${OPEN})`);
      return pageOfRows<OfferRow>(db, {
        columns: OFFER_COLUMNS,
        from: `FROM offers o${where.length > 0 ? ` WHERE ${where.join(' AND ')}` : ''}`,
        params,
        order: 'o.created_at DESC, o.id DESC',
        page,
      });
    },

    /**
     * The buyer's own unpaid booking of the listing, if any: accepting the offer calls it off (one open booking per
     * buyer and listing), a held one refuses the acceptance.
     */
    openBookingOf: (buyerEmail: string, mobileId: string) =>
      db.get<{ id: string; status: string }>(
        `SELECT id, status FROM bookings WHERE mobile_id = ? AND buyer_email = ? AND paid = 0 AND cancelled = 0`,
        [mobileId, buyerEmail],
      ),

    // The card authorizations.
    authorization: (transaction: string) =>
      db.get<AuthorizationRow>(
        `SELECT transaction_id, offer_id, amount_cents, state, authorized_at FROM offer_authorizations
         WHERE transaction_id = ?`,
        [transaction],
      ),
    /** Recorded once per transaction: a second call (a retry, the webhook) changes nothing. */
    recordAuthorization: (transaction: string, offerId: string, cents: number, at: string) =>
      db.run(
        `INSERT INTO offer_authorizations (transaction_id, offer_id, amount_cents, state, authorized_at)
         VALUES (?, ?, ?, 'live', ?) ON CONFLICT DO NOTHING`,
        [transaction, offerId, cents, at],
      ),
    /** The authorization became the deal's hold: the booking's payment row has it now. */
    markUsed: (transaction: string) =>
      db.run("UPDATE offer_authorizations SET state = 'used' WHERE transaction_id = ? AND state = 'live'", [
        transaction,
      ]),
    /**
     * Authorizations to let go: live ones whose offer ended (or whose offer moved to another authorization),
     * and claims left by a process that stopped before telling the processor (older than `staleBefore`).
     */
    releasable: (staleBefore: string) =>
      db.all<{ transaction_id: string }>(
        `SELECT a.transaction_id FROM offer_authorizations a JOIN offers o ON o.id = a.offer_id
         WHERE (a.state = 'live' AND (o.status NOT IN (${OPEN}) OR o.transaction_id IS NULL
                OR o.transaction_id != a.transaction_id))
            OR (a.state = 'releasing' AND a.claimed_at < ?)
         LIMIT 500`,
        [staleBefore],
      ),
    /** Claims one release: 1 change for the one caller that lets it go, 0 for any other (another process). */
    claim: (transaction: string, at: string, staleBefore: string) =>
      db.run(
        `UPDATE offer_authorizations SET state = 'releasing', claimed_at = ?
         WHERE transaction_id = ? AND (
           (state = 'live' AND EXISTS (SELECT 1 FROM offers o WHERE o.id = offer_authorizations.offer_id
              AND (o.status NOT IN (${OPEN}) OR o.transaction_id IS NULL
                   OR o.transaction_id != offer_authorizations.transaction_id)))
           OR (state = 'releasing' AND claimed_at < ?))`,
        [at, transaction, staleBefore],
      ),
    released: (transaction: string, at: string) =>
      db.run(
        `UPDATE offer_authorizations SET state = 'released', released_at = ?
         WHERE transaction_id = ? AND state = 'releasing'`,
        [at, transaction],
      ),
    /** Live authorizations of offers that are not live (what a run must leave at 0; the bench and tests read it). */
    liveOfEnded: async () =>
      (
        await db.get<{ n: number }>(
          `SELECT COUNT(*) AS n FROM offer_authorizations a JOIN offers o ON o.id = a.offer_id
           WHERE a.state IN ('live', 'releasing') AND o.status NOT IN (${OPEN})`,
        )
      )?.n ?? 0,
  };
}

export type OffersRepository = ReturnType<typeof offersRepository>;
