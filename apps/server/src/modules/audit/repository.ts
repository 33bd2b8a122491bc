// The audit log: which admin did what to which record. Appended inside the transaction of each audited admin
// action (users, reports, reviews, messages, phone truth), read by the audit-log page; every statement on the
// table is here. A module of its own on the ground floor (it imports no module), so the modules that audit do
// not depend on one another through it (eslint.config.js, serverModuleDeps).
import type { components } from '@recell/api';
import type { Database } from '../../db/database';
import { pageOfRows } from '../../db/paging';
import type { PageRequest } from '../../http/pagination';
import { newId, now } from '../../ids';

type AuditEntry = components['schemas']['AuditEntry'];
export type AuditAction = AuditEntry['action'];

interface AuditRow {
  id: string;
  at: string;
  actor_email: string;
  action: AuditAction;
  target: string;
  target_name: string | null;
}

const toAuditEntry = (row: AuditRow): AuditEntry => ({
  _id: row.id,
  at: row.at,
  actorEmail: row.actor_email,
  action: row.action,
  target: row.target,
  ...(row.target_name ? { targetName: row.target_name } : {}),
});

export function auditRepository(db: Database) {
  return {
    /**
     * Appends an entry; call it inside the transaction of the action it records. `targetName` is who or what the
     * target is now (a user's name, a listing's model), kept so the log still names it once it is gone.
     */
    record: (actorEmail: string, action: AuditAction, target: string, targetName: string | null = null) =>
      db.run(
        'INSERT INTO audit_log (id, at, actor_email, action, target, target_name) VALUES (?, ?, ?, ?, ?, ?)',
        [newId('a'), now(), actorEmail, action, target, targetName],
      ),
    /** Newest first. */
    async list(page: PageRequest) {
      const { rows, total } = await pageOfRows<AuditRow>(db, {
        columns: 'id, at, actor_email, action, target, target_name',
        from: 'FROM audit_log',
        order: 'at DESC, id DESC',
        page,
      });
      return { rows: rows.map(toAuditEntry), total };
    },
  };
}

export type AuditRepository = ReturnType<typeof auditRepository>;
