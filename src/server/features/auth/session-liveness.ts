import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema';
import type { Clock } from '../../lib/runtime';
import { sessionPolicy } from './sessions';

/**
 * Whether a session still lets its holder in, by the same rules as signing a request in: not
 * signed out (here or everywhere), not reset away by a password reset, not past its expiry or
 * idle limit, and its account not suspended. For long-lived streams (the console), which resolve
 * the cookie once when they open and must end when the session does.
 */
export async function sessionIsLive(deps: { db: Db; clock: Clock }, sessionId: string): Promise<boolean> {
  const now = deps.clock.now();
  const [row] = await deps.db
    .select({ id: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sessionId),
        gt(sessions.expiresAt, now),
        gt(sessions.lastSeenAt, new Date(now.getTime() - sessionPolicy.idleMs)),
        isNull(users.suspendedAt),
      ),
    )
    .limit(1);
  return row !== undefined;
}
