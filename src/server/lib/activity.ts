import type { Db } from '../db/client';
import { activityLog } from '../db/schema';
import type { Clock, Ids } from './runtime';

export type ActivityKind = 'order' | 'payment' | 'refund' | 'server' | 'power' | 'backup' | 'ticket' | 'account' | 'access';

/** Adds a line to the customer's recent-activity list. */
export async function logActivity(
  deps: { db: Db; clock: Clock; ids: Ids },
  entry: { userId: string; kind: ActivityKind; message: string; subjectId?: string },
) {
  await deps.db.insert(activityLog).values({
    id: deps.ids.uuid(),
    userId: entry.userId,
    kind: entry.kind,
    message: entry.message,
    subjectId: entry.subjectId ?? null,
    createdAt: deps.clock.now(),
  });
}
