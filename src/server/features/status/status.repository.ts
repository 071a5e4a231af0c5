import { and, asc, desc, eq, gte, inArray, isNull, or } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { servers, statusDays, statusIncidents, statusIncidentUpdates, statusLatest, users } from '../../db/schema';
import type { StatusIncident } from '../../../shared/schemas/status';

export async function latestChecks(db: Executor) {
  return db.select().from(statusLatest).orderBy(asc(statusLatest.component));
}

export async function daysSince(db: Executor, firstDay: string) {
  return db.select().from(statusDays).where(gte(statusDays.day, firstDay));
}

type IncidentRow = typeof statusIncidents.$inferSelect;
type UpdateRow = typeof statusIncidentUpdates.$inferSelect;

function toIncident(row: IncidentRow, updates: UpdateRow[]): StatusIncident {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    state: row.state,
    components: row.components,
    locations: row.locations,
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    notified: row.notified,
    updates: updates
      .filter((u) => u.incidentId === row.id)
      .map((u) => ({ id: u.id, state: u.state, message: u.message, createdAt: u.createdAt.toISOString() })),
  };
}

/** Incidents, newest first, with their updates newest first; `closedSince` keeps the open ones and those closed after it. */
export async function listIncidents(db: Executor, opts: { closedSince?: Date; limit?: number } = {}): Promise<StatusIncident[]> {
  const rows = await db
    .select()
    .from(statusIncidents)
    .where(opts.closedSince ? or(isNull(statusIncidents.resolvedAt), gte(statusIncidents.resolvedAt, opts.closedSince)) : undefined)
    .orderBy(desc(statusIncidents.createdAt))
    .limit(opts.limit ?? 100);
  if (rows.length === 0) return [];
  const updates = await db
    .select()
    .from(statusIncidentUpdates)
    .where(inArray(statusIncidentUpdates.incidentId, rows.map((r) => r.id)))
    .orderBy(desc(statusIncidentUpdates.createdAt), desc(statusIncidentUpdates.id));
  return rows.map((r) => toIncident(r, updates));
}

export async function getIncident(db: Executor, id: string): Promise<StatusIncident | null> {
  const [row] = await db.select().from(statusIncidents).where(eq(statusIncidents.id, id));
  if (!row) return null;
  const updates = await db.select().from(statusIncidentUpdates).where(eq(statusIncidentUpdates.incidentId, id)).orderBy(desc(statusIncidentUpdates.createdAt));
  return toIncident(row, updates);
}

/** The owners of live servers in these locations, each once. */
export async function customersIn(db: Executor, locations: readonly string[]): Promise<{ userId: string; email: string; firstName: string }[]> {
  if (locations.length === 0) return [];
  return db
    .selectDistinct({ userId: users.id, email: users.email, firstName: users.firstName })
    .from(servers)
    .innerJoin(users, eq(servers.userId, users.id))
    .where(and(inArray(servers.location, [...locations]), isNull(servers.deletedAt)));
}
