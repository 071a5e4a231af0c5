import type { AuditFacets, AuditPage } from '../../../../shared/schemas/admin/audit';
import type { Db } from '../../../db/client';
import { distinctActions, distinctActors, listAuditRecords } from './audit.repository';

const dayMs = 24 * 60 * 60_000;

export interface AuditQuery {
  actor?: string;
  action?: string;
  target?: string;
  from?: string;
  to?: string;
  before?: number;
  limit: number;
}

/** A page of the log, newest first; `nextBefore` continues from the last row shown (keyset on seq). */
export async function listAudit(db: Db, query: AuditQuery): Promise<AuditPage> {
  const rows = await listAuditRecords(
    db,
    {
      actor: query.actor,
      action: query.action,
      target: query.target,
      // Dates are whole UTC days, the end day included.
      from: query.from ? new Date(`${query.from}T00:00:00Z`) : undefined,
      until: query.to ? new Date(new Date(`${query.to}T00:00:00Z`).getTime() + dayMs) : undefined,
      before: query.before,
    },
    query.limit,
  );
  const page = rows.slice(0, query.limit);
  return {
    items: page.map((r) => ({
      id: r.id,
      seq: r.seq,
      actorId: r.actorId,
      actorEmail: r.actorEmail,
      actorRole: r.actorRole,
      action: r.action,
      targetType: r.targetType,
      targetId: r.targetId,
      targetLabel: r.targetLabel,
      before: r.before ?? null,
      after: r.after ?? null,
      reason: r.reason,
      ip: r.ip,
      createdAt: r.createdAt.toISOString(),
    })),
    nextBefore: rows.length > query.limit ? (page.at(-1)?.seq ?? null) : null,
  };
}

export async function auditFacets(db: Db): Promise<AuditFacets> {
  const [actions, actors] = await Promise.all([distinctActions(db), distinctActors(db)]);
  return { actions, actors };
}
