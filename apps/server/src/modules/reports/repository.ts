import type { components, Report } from '@recell/api';
import type { Database } from '../../db/database';
import type { PageRequest } from '../../http/pagination';
import { pageOfRows } from '../../db/paging';

type ReportStatus = components['schemas']['ReportStatus'];

export interface ReportRow {
  id: string;
  mobile_id: string;
  mobile_name: string;
  reason: string;
  reporter_email: string;
  created_at: string;
  status: ReportStatus;
  /** the message a report names (messages module), or null for a report on the listing itself */
  message_id?: string | null;
}

export const toReport = (row: ReportRow): Report => ({
  _id: row.id,
  mobileId: row.mobile_id,
  MobileName: row.mobile_name,
  Report: row.reason,
  reporterEmail: row.reporter_email,
  createdAt: row.created_at,
  status: row.status,
  ...(row.message_id ? { messageId: row.message_id } : {}),
});

const COLUMNS = 'id, mobile_id, mobile_name, reason, reporter_email, created_at, status, message_id';

export function reportsRepository(db: Database) {
  return {
    find: (id: string) => db.get<ReportRow>(`SELECT ${COLUMNS} FROM reports WHERE id = ?`, [id]),
    /**
     * False when the reporter already has an open report on this listing, or already reported this message
     * (partial unique indexes).
     */
    async insert(row: ReportRow): Promise<boolean> {
      const { changes } = await db.run(
        `INSERT INTO reports (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
        [
          row.id,
          row.mobile_id,
          row.mobile_name,
          row.reason,
          row.reporter_email,
          row.created_at,
          row.status,
          row.message_id ?? null,
        ],
      );
      return changes === 1;
    },
    async list(status: ReportStatus | undefined, page: PageRequest) {
      const where = status ? 'WHERE status = ?' : '';
      const params = status ? [status] : [];
      const { rows, total } = await pageOfRows<ReportRow>(db, {
        columns: COLUMNS,
        from: `FROM reports ${where}`,
        params,
        order: 'created_at DESC, id DESC',
        page,
      });
      return { rows: rows.map(toReport), total };
    },
    setStatus: (id: string, status: ReportStatus) =>
      db.run("UPDATE reports SET status = ? WHERE id = ? AND status = 'open'", [status, id]),
    /** Who reported the listing and waits for a decision (each is told when it is removed). */
    openReporters: (mobileId: string) =>
      db.all<{ reporter_email: string }>(
        "SELECT DISTINCT reporter_email FROM reports WHERE mobile_id = ? AND status = 'open'",
        [mobileId],
      ),
    removeAllFor: (mobileId: string) =>
      db.run("UPDATE reports SET status = 'removed' WHERE mobile_id = ? AND status = 'open'", [mobileId]),
  };
}

export type ReportsRepository = ReturnType<typeof reportsRepository>;
