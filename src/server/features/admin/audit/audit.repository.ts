import { and, asc, desc, eq, gte, isNotNull, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { auditLog } from '../../../db/schema';

export interface AuditFilters {
  actor?: string;
  action?: string;
  target?: string;
  /** Inclusive start and exclusive end instants. */
  from?: Date;
  until?: Date;
  before?: number;
}

/** Newest first by seq; one row more than asked, so the caller knows whether a next page exists. */
export function listAuditRecords(db: Db, filters: AuditFilters, limit: number) {
  const where: SQL[] = [];
  if (filters.actor) where.push(eq(auditLog.actorId, filters.actor));
  if (filters.action) where.push(eq(auditLog.action, filters.action));
  if (filters.target) where.push(eq(auditLog.targetId, filters.target));
  if (filters.from) where.push(gte(auditLog.createdAt, filters.from));
  if (filters.until) where.push(lt(auditLog.createdAt, filters.until));
  if (filters.before !== undefined) where.push(lt(auditLog.seq, filters.before));
  return db
    .select()
    .from(auditLog)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(auditLog.seq))
    .limit(limit + 1);
}

export async function distinctActions(db: Db): Promise<string[]> {
  const rows = await db.selectDistinct({ action: auditLog.action }).from(auditLog).orderBy(asc(auditLog.action));
  return rows.map((r) => r.action);
}

/** Each actor id once, with the email of its newest record. */
export async function distinctActors(db: Db): Promise<{ id: string; email: string }[]> {
  const rows = await db
    .selectDistinctOn([auditLog.actorId], { id: auditLog.actorId, email: auditLog.actorEmail })
    .from(auditLog)
    .where(isNotNull(auditLog.actorId))
    .orderBy(auditLog.actorId, desc(auditLog.seq));
  return rows.flatMap((r) => (r.id ? [{ id: r.id, email: r.email }] : [])).sort((a, b) => a.email.localeCompare(b.email));
}
