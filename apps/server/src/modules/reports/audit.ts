import type { components } from '@recell/api';
import type { Database } from '../../db/database';
import { newId, now } from '../../ids';

export type AuditAction = components['schemas']['AuditEntry']['action'];

/** Appends to the audit log; call it inside the transaction of the action it records. */
export function recordAudit(db: Database, actorEmail: string, action: AuditAction, target: string) {
  return db.run('INSERT INTO audit_log (id, at, actor_email, action, target) VALUES (?, ?, ?, ?, ?)', [
    newId('a'),
    now(),
    actorEmail,
    action,
    target,
  ]);
}
