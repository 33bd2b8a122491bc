// Phone truth's tables: the registry's marks (imei_marks), the TAC rows an admin confirmed or that were learned
// (tac_models), the buyer-witnessed confirmations they are learned from (tac_confirmations), and the IMEI columns
// of mobiles that this module owns (what the IMEI says: model outcome, device verdict and its time).
import type { CategoryId, NotCounted, WitnessedModel } from '@recell/api';
import type { Database } from '../../db/database';
import type { DeviceStatus } from './device-status';
import type { ModelOutcome, TacRow } from '@recell/api';

export type TacSource = 'admin' | 'learned';

export interface ConfirmationRow extends WitnessedModel {
  id: string;
  tac: string;
  mobile_id: string;
  buyer_email: string;
  seller_email: string;
  not_counted: NotCounted | null;
  confirmed_at: string;
}

const CONFIRMATION_COLUMNS = `id, tac, mobile_id, category_id, title, model, buyer_id, seller_id, buyer_email,
  seller_email, buyer_phone, seller_phone, not_counted, confirmed_at`;

export interface MarkRow {
  imei: string;
  status: 'blocked' | 'clean';
  reason: string;
  marked_by: string;
  marked_at: string;
}

export interface ImeiListingRow {
  id: string;
  title: string;
  seller_email: string;
  posted_at: string;
  imei_released: 0 | 1;
}

export function phoneTruthRepository(db: Database) {
  return {
    lastMark: (imei: string) =>
      db.get<MarkRow>('SELECT imei, status, reason, marked_by, marked_at FROM imei_marks WHERE imei = ?', [
        imei,
      ]),
    /** Call inside the transaction that audits it. */
    mark: (row: MarkRow) =>
      db.run(
        `INSERT INTO imei_marks (imei, status, reason, marked_by, marked_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (imei) DO UPDATE SET status = excluded.status, reason = excluded.reason,
           marked_by = excluded.marked_by, marked_at = excluded.marked_at`,
        [row.imei, row.status, row.reason, row.marked_by, row.marked_at],
      ),
    learnedTac: (tac: string) =>
      db.get<TacRow & { source: TacSource }>(
        'SELECT tac, category_id, model, source FROM tac_models WHERE tac = ?',
        [tac],
      ),
    /** Learning never overrides a row: the first learned row, or an admin's, stays (false). */
    async learn(row: TacRow & { at: string }) {
      const { changes } = await db.run(
        `INSERT INTO tac_models (tac, category_id, model, source, learned_at) VALUES (?, ?, ?, 'learned', ?)
         ON CONFLICT (tac) DO NOTHING`,
        [row.tac, row.category_id, row.model, row.at],
      );
      return changes === 1;
    },
    /** An admin's word on a TAC: it replaces a learned row or an earlier admin's. Call inside the audited transaction. */
    confirmByAdmin: (row: TacRow & { mobile_id: string | null; decided_by: string; at: string }) =>
      db.run(
        `INSERT INTO tac_models (tac, category_id, model, source, mobile_id, decided_by, learned_at)
         VALUES (?, ?, ?, 'admin', ?, ?, ?)
         ON CONFLICT (tac) DO UPDATE SET category_id = excluded.category_id, model = excluded.model,
           source = 'admin', mobile_id = excluded.mobile_id, decided_by = excluded.decided_by,
           learned_at = excluded.learned_at`,
        [row.tac, row.category_id, row.model, row.mobile_id, row.decided_by, row.at],
      ),
    /** A buyer-witnessed match at a completed handover, with whether it counts (decided at the deal). */
    recordConfirmation: (row: ConfirmationRow) =>
      db.run(
        `INSERT INTO tac_confirmations (${CONFIRMATION_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          row.id,
          row.tac,
          row.mobile_id,
          row.category_id,
          row.title,
          row.model,
          row.buyer_id,
          row.seller_id,
          row.buyer_email,
          row.seller_email,
          row.buyer_phone,
          row.seller_phone,
          row.not_counted,
          row.confirmed_at,
        ],
      ),
    /** A TAC's confirmations, oldest first. */
    confirmationsOf: (tac: string) =>
      db.all<ConfirmationRow>(
        `SELECT ${CONFIRMATION_COLUMNS} FROM tac_confirmations WHERE tac = ? ORDER BY confirmed_at, id`,
        [tac],
      ),
    confirmation: (id: string) =>
      db.get<ConfirmationRow>(`SELECT ${CONFIRMATION_COLUMNS} FROM tac_confirmations WHERE id = ?`, [id]),
    /**
     * TACs without an admin row whose counting confirmations name more than one model as written (the service
     * keeps those that really disagree: "14 Ultra" and "14 Ultra 512GB" are one model), newest first.
     */
    disputedTacs: (limit: number) =>
      db.all<{ tac: string }>(
        `SELECT c.tac FROM tac_confirmations c LEFT JOIN tac_models t ON t.tac = c.tac
         WHERE c.not_counted IS NULL AND (t.source IS NULL OR t.source <> 'admin')
         GROUP BY c.tac HAVING COUNT(DISTINCT c.category_id || ':' || lower(c.model)) > 1
         ORDER BY MAX(c.confirmed_at) DESC LIMIT ?`,
        [limit],
      ),
    /** An account as the learning rule reads it at the deal: its age, its email and its verified number. */
    account: (id: string) =>
      db.get<{ id: string; email: string; created_at: string; phone_e164: string | null }>(
        'SELECT id, email, created_at, phone_e164 FROM users WHERE id = ?',
        [id],
      ),
    /** Completed deals between two accounts, in either direction. */
    completedDealsBetween: async (a: string, b: string) =>
      Number(
        (
          await db.get<{ deals: number | string }>(
            `SELECT COUNT(*) AS deals FROM bookings bk JOIN users buyer ON buyer.email = bk.buyer_email
             WHERE bk.status = 'completed'
               AND ((buyer.id = ? AND bk.seller_id = ?) OR (buyer.id = ? AND bk.seller_id = ?))`,
            [a, b, b, a],
          )
        )?.deals ?? 0,
      ),
    /** Every listing that carried the IMEI, newest first. */
    listingsOf: (imei: string) =>
      db.all<ImeiListingRow>(
        `SELECT m.id, m.title, u.email AS seller_email, m.posted_at, m.imei_released
         FROM mobiles m JOIN users u ON u.id = m.seller_id WHERE m.imei = ? ORDER BY m.posted_at DESC, m.id DESC`,
        [imei],
      ),
    /** A listing let the IMEI go because a deal on it completed: the phone was sold through ReCell. */
    soldThroughRecell: async (imei: string) =>
      Boolean(
        await db.get(
          `SELECT 1 AS found FROM mobiles m JOIN bookings b ON b.mobile_id = m.id
           WHERE m.imei = ? AND m.imei_released = 1 AND b.status = 'completed' LIMIT 1`,
          [imei],
        ),
      ),
    /** The device verdict on every active listing with the IMEI. */
    recordDevice: (imei: string, verdict: DeviceStatus) =>
      db.run(
        `UPDATE mobiles SET device_status = ?, device_source = ?, device_checked_at = ?
         WHERE imei = ? AND imei_released = 0`,
        [verdict.status, verdict.source, verdict.checkedAt ?? null, imei],
      ),
    setModel: (mobileId: string, model: ModelOutcome) =>
      db.run('UPDATE mobiles SET imei_model = ?, imei_model_name = ? WHERE id = ?', [
        model.outcome,
        model.outcome === 'unknown' ? null : model.name,
        mobileId,
      ]),
    /** Listings whose TAC the table did not know: a newly learned row may name their model. */
    unknownModelsOf: (tac: string) =>
      db.all<{ id: string; category_id: CategoryId; title: string }>(
        "SELECT id, category_id, title FROM mobiles WHERE imei LIKE ? AND imei_model = 'unknown'",
        [`${tac}%`],
      ),
    /** Every listing whose IMEI has the TAC: an admin's row may change what each says. */
    modelsOf: (tac: string) =>
      db.all<{ id: string; category_id: CategoryId; title: string }>(
        'SELECT id, category_id, title FROM mobiles WHERE imei LIKE ? AND imei_model IS NOT NULL',
        [`${tac}%`],
      ),
    /** IMEIs of active listings the device check could not reach (the re-check job's work). */
    unchecked: (limit: number) =>
      db.all<{ imei: string }>(
        `SELECT DISTINCT imei FROM mobiles WHERE device_status = 'unknown' AND imei_released = 0
           AND imei IS NOT NULL LIMIT ?`,
        [limit],
      ),
    listing: (id: string) =>
      db.get<{ id: string; category_id: CategoryId; title: string; imei: string | null }>(
        'SELECT id, category_id, title, imei FROM mobiles WHERE id = ?',
        [id],
      ),
  };
}

export type PhoneTruthRepository = ReturnType<typeof phoneTruthRepository>;
