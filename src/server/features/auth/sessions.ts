import { and, desc, eq, gt, ne, or } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { SessionUser } from '../../../shared/schemas/auth';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema';
import type { Clock, Ids } from '../../lib/runtime';
import { randomToken, sha256Hex } from '../../lib/secrets';
import { sessionUserColumns, toSessionUser } from './auth.repository';

export const SESSION_COOKIE = 'sp_session';

const minute = 60_000;
export const sessionPolicy = {
  /** Signed out after this long without a request. */
  idleMs: 30 * minute,
  /** Signed out this long after sign-in, however active. */
  absoluteMs: 30 * 24 * 60 * minute,
  /** A token older than this is replaced on its next use. */
  rotateAfterMs: 5 * minute,
  /** The replaced token keeps working this long, for requests already in flight. */
  graceMs: 60_000,
  /** last_seen_at is written at most this often, to spare a write per request. */
  touchAfterMs: 60_000,
};

export interface ResolvedSession {
  id: string;
  user: SessionUser;
  expiresAt: Date;
  /** Set when the token was rotated: the caller must send it as the new cookie. */
  newToken?: string;
}

export interface ClientInfo {
  userAgent?: string;
  ip?: string;
}

export function createSessionStore(deps: { db: Db; clock: Clock; ids: Ids }) {
  const { db, clock, ids } = deps;

  /** `secondFactor`: the sign-in presented a two-factor code (the staff console needs such a session). */
  async function create(userId: string, client: ClientInfo, options: { secondFactor?: boolean } = {}) {
    const now = clock.now();
    const token = randomToken();
    const expiresAt = new Date(now.getTime() + sessionPolicy.absoluteMs);
    const id = ids.uuid();
    await db.insert(sessions).values({
      id,
      userId,
      tokenHash: sha256Hex(token),
      createdAt: now,
      rotatedAt: now,
      lastSeenAt: now,
      expiresAt,
      userAgent: client.userAgent?.slice(0, 512) ?? null,
      ip: client.ip ?? null,
      secondFactorAt: options.secondFactor ? now : null,
    });
    return { id, token, expiresAt };
  }

  async function resolve(token: string): Promise<ResolvedSession | null> {
    const now = clock.now();
    const hash = sha256Hex(token);
    const [row] = await db
      .select({ session: sessions, user: sessionUserColumns })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          or(eq(sessions.tokenHash, hash), and(eq(sessions.previousTokenHash, hash), gt(sessions.previousValidUntil, now))),
          gt(sessions.expiresAt, now),
          gt(sessions.lastSeenAt, new Date(now.getTime() - sessionPolicy.idleMs)),
        ),
      )
      .limit(1);
    if (!row) return null;
    const { session } = row;
    const resolved: ResolvedSession = {
      id: session.id,
      user: toSessionUser(row.user, session.secondFactorAt !== null),
      expiresAt: session.expiresAt,
    };

    const isCurrentToken = session.tokenHash === hash;
    if (isCurrentToken && now.getTime() - session.rotatedAt.getTime() >= sessionPolicy.rotateAfterMs) {
      const newToken = randomToken();
      // Conditional on the old hash: of two parallel requests, only one rotates; the other
      // finds the token already in its grace period and carries on.
      const updated = await db
        .update(sessions)
        .set({
          tokenHash: sha256Hex(newToken),
          previousTokenHash: hash,
          previousValidUntil: new Date(now.getTime() + sessionPolicy.graceMs),
          rotatedAt: now,
          lastSeenAt: now,
        })
        .where(and(eq(sessions.id, session.id), eq(sessions.tokenHash, hash)))
        .returning({ id: sessions.id });
      if (updated.length > 0) resolved.newToken = newToken;
    } else if (now.getTime() - session.lastSeenAt.getTime() >= sessionPolicy.touchAfterMs) {
      await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, session.id));
    }
    return resolved;
  }

  async function revoke(sessionId: string) {
    await db.delete(sessions).where(eq(sessions.id, sessionId));
  }

  /** Signs the user out everywhere, or everywhere but `exceptSessionId`. */
  async function revokeAllForUser(userId: string, exceptSessionId?: string) {
    await db
      .delete(sessions)
      .where(and(eq(sessions.userId, userId), exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined));
  }

  /** Deletes one of the user's own sessions; false when it is not theirs or does not exist. */
  async function revokeOwned(userId: string, sessionId: string): Promise<boolean> {
    const deleted = await db
      .delete(sessions)
      .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
      .returning({ id: sessions.id });
    return deleted.length > 0;
  }

  /** Records that this session presented a second factor (two-factor was turned on in it). */
  async function markSecondFactor(sessionId: string) {
    await db.update(sessions).set({ secondFactorAt: clock.now() }).where(eq(sessions.id, sessionId));
  }

  /** Two-factor is off: no session of the user counts as having presented it any more. */
  async function clearSecondFactor(userId: string) {
    await db.update(sessions).set({ secondFactorAt: null }).where(eq(sessions.userId, userId));
  }

  async function listActive(userId: string) {
    const now = clock.now();
    return db
      .select()
      .from(sessions)
      .where(
        and(
          eq(sessions.userId, userId),
          gt(sessions.expiresAt, now),
          gt(sessions.lastSeenAt, new Date(now.getTime() - sessionPolicy.idleMs)),
        ),
      )
      .orderBy(desc(sessions.lastSeenAt));
  }

  return { create, resolve, revoke, revokeAllForUser, revokeOwned, markSecondFactor, clearSecondFactor, listActive };
}
export type SessionStore = ReturnType<typeof createSessionStore>;

export function setSessionCookie(reply: FastifyReply, token: string, expiresAt: Date, secure: boolean) {
  void reply.setCookie(SESSION_COOKIE, token, { httpOnly: true, sameSite: 'lax', path: '/', secure, expires: expiresAt });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean) {
  void reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', path: '/', secure });
}
