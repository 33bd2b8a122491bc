// Phone truth's tables: the registry's marks (imei_marks), the learned TAC rows (tac_models), and the IMEI columns
// of mobiles that this module owns (what the IMEI says: model outcome, device verdict and its time).
import type { CategoryId } from '@recell/api';
import type { Database } from '../../db/database';
import type { DeviceStatus } from './device-status';
import type { ModelOutcome, TacRow } from '@recell/api';

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
      db.get<TacRow>('SELECT tac, category_id, model FROM tac_models WHERE tac = ?', [tac]),
    /** The first confirmation of a TAC wins; a later one changes nothing (false). */
    async learn(row: TacRow & { source: 'listing' | 'handover'; mobile_id: string; at: string }) {
      const { changes } = await db.run(
        `INSERT INTO tac_models (tac, category_id, model, source, mobile_id, learned_at) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (tac) DO NOTHING`,
        [row.tac, row.category_id, row.model, row.source, row.mobile_id, row.at],
      );
      return changes === 1;
    },
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
