import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Role, SessionUser } from '../../../shared/schemas/auth';
import { forbidden, unauthorized } from '../../lib/errors';
import { SESSION_COOKIE, setSessionCookie, type SessionStore } from './sessions';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, resolved from the session cookie on every /api request; null if none. */
    user: SessionUser | null;
    /** The id of the session the request came with; null if signed out. */
    authSession: { id: string } | null;
  }
}

/** The signed-in user, or 401. Call it first thing in any handler that needs an account. */
export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** The signed-in user if their role is one of `roles`: 401 when signed out, 403 otherwise. */
export function requireRole(request: FastifyRequest, roles: readonly Role[]): SessionUser {
  const user = requireUser(request);
  if (!roles.includes(user.role)) throw forbidden();
  return user;
}

/**
 * Resolves `request.user` from the `sp_session` cookie for every /api request, and sends the
 * rotated cookie when the session store replaced the token.
 */
export function registerAuthGuard(app: FastifyInstance, sessions: SessionStore, secureCookies: boolean) {
  app.decorateRequest('user', null);
  app.decorateRequest('authSession', null);
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return;
    const session = await sessions.resolve(token);
    if (!session) return;
    request.user = session.user;
    request.authSession = { id: session.id };
    if (session.newToken) setSessionCookie(reply, session.newToken, session.expiresAt, secureCookies);
  });
}

/** As a route hook, `{ onRequest: signedIn }` answers 401 before the body is even validated. */
export async function signedIn(request: FastifyRequest) {
  requireUser(request);
}

/** As a route hook, `{ onRequest: withRole(['admin', 'support']) }`: 401 signed out, 403 wrong role. */
export function withRole(roles: readonly Role[]) {
  return async (request: FastifyRequest) => {
    requireRole(request, roles);
  };
}

/** The id of the session the signed-in request came with, or 401. */
export function requireSessionId(request: FastifyRequest): string {
  requireUser(request);
  if (!request.authSession) throw unauthorized();
  return request.authSession.id;
}
