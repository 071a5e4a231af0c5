import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { can, isStaffRole } from '../../../shared/permissions';
import type { Role, SessionUser } from '../../../shared/schemas/auth';
import { forbidden, HttpError, unauthorized } from '../../lib/errors';
import { SESSION_COOKIE, setSessionCookie, type SessionStore } from './sessions';

/** The cookie of a staff member's read-only "view as customer" (HttpOnly, SameSite=Lax, Path=/). */
export const VIEW_AS_COOKIE = 'sp_view_as';

/** A staff member looking at a customer's dashboard: who, as whom. */
export interface ViewAsContext {
  id: string;
  customerId: string;
  customerEmail: string;
  staffId: string;
  staffEmail: string;
}

/**
 * Finds the open view-as of `token` that belongs to this staff session, and the customer it shows.
 * The staff console's customers area builds it (it owns the view_as_sessions table); the app passes it in.
 */
export type ViewAsResolver = (token: string, staff: { userId: string; sessionId: string }) => Promise<{ id: string; customer: SessionUser } | null>;

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, resolved from the session cookie on every /api request; null if none. */
    user: SessionUser | null;
    /** The id of the session the request came with; null if signed out. */
    authSession: { id: string } | null;
    /** Set when staff view a customer's dashboard: `user` is then the customer, and the request is read-only. */
    viewAs: ViewAsContext | null;
  }
}

export const viewOnly = () => new HttpError(403, 'view_only', 'You are viewing this account read-only.');

/**
 * The only routes a view as a customer may call (decision 016, amended for issue 19): GETs
 * that read and change nothing. Left off on purpose, as they act: the order and checkout reads
 * (they reconcile payments with the provider), the saved cards (they fill provider_customers),
 * the move options (they read the saved card the same way), the console and the downloads (they
 * open the panel), the referral click counter, and invitation previews by token. /api/billing and
 * a server's resources are on the list because they skip their writes when `request.viewAs` is set.
 */
export const viewAsReads: ReadonlySet<string> = new Set([
  '/api/auth/session',
  // The words of the customer's screens (decision 054): without them the view shows message keys.
  '/api/i18n/:locale/:namespace',
  '/api/account',
  '/api/account/sessions',
  '/api/account/billing-details',
  '/api/tax/terms',
  '/api/catalog',
  '/api/price-changes',
  '/api/overview',
  '/api/announcements',
  '/api/events',
  '/api/purchases/latest',
  '/api/server-status',
  '/api/servers',
  '/api/servers/:id',
  '/api/servers/:id/resources',
  '/api/servers/:id/resources/history',
  '/api/servers/:id/players',
  '/api/servers/:id/backups',
  '/api/servers/:id/restart-schedule',
  '/api/servers/:id/files',
  '/api/servers/:id/files/contents',
  '/api/servers/:id/sftp',
  '/api/servers/:id/shares',
  '/api/servers/:id/software',
  '/api/servers/:id/plan-change',
  '/api/shared-servers',
  '/api/billing',
  '/api/invoices',
  '/api/invoices/:id',
  '/api/credit-notes/:id',
  '/api/tickets',
  '/api/tickets/:id',
  '/api/affiliate',
]);

const readMethods = new Set(['GET', 'HEAD']);

/** By the route matched, never the raw URL: the router decodes `/api/%61dmin/...` to an admin route. */
function isAdminRoute(route: string | undefined) {
  return route === '/api/admin' || route?.startsWith('/api/admin/') === true;
}

export function clearViewAsCookie(reply: FastifyReply, secure: boolean) {
  void reply.clearCookie(VIEW_AS_COOKIE, { httpOnly: true, sameSite: 'lax', path: '/', secure });
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
export function registerAuthGuard(app: FastifyInstance, sessions: SessionStore, viewAs: ViewAsResolver, secureCookies: boolean) {
  app.decorateRequest('user', null);
  app.decorateRequest('authSession', null);
  app.decorateRequest('viewAs', null);
  app.addHook('onRequest', async (request, reply) => {
    if (!request.routeOptions.url?.startsWith('/api/')) return;
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return;
    const session = await sessions.resolve(token);
    if (!session) return;
    request.user = session.user;
    request.authSession = { id: session.id };
    if (session.newToken) setSessionCookie(reply, session.newToken, session.expiresAt, secureCookies);
    await applyViewAs(viewAs, request, reply, secureCookies);
  });
}

/**
 * Outside /api/admin, a staff member's valid view-as cookie makes the request the customer's,
 * read-only: only the reads of `viewAsReads` are let through, everything else answers 403
 * view_only. Signing out is let through as the staff member's own, so it ends their session (and
 * the view with it), never the customer's.
 */
async function applyViewAs(resolver: ViewAsResolver, request: FastifyRequest, reply: FastifyReply, secureCookies: boolean) {
  const token = request.cookies[VIEW_AS_COOKIE];
  const staff = request.user;
  const route = request.routeOptions.url;
  if (!token || !staff || !request.authSession || isAdminRoute(route)) return;
  // As the staff guard: the session itself must have presented the second factor.
  if (!isStaffRole(staff.role) || !staff.secondFactorPresented || !can(staff.role, 'customers.access')) return;
  if (request.method === 'POST' && route === '/api/auth/logout') {
    clearViewAsCookie(reply, secureCookies);
    return;
  }
  const found = await resolver(token, { userId: staff.id, sessionId: request.authSession.id });
  if (!found) return;
  request.user = found.customer;
  request.viewAs = {
    id: found.id,
    customerId: found.customer.id,
    customerEmail: found.customer.email,
    staffId: staff.id,
    staffEmail: staff.email,
  };
  if (!readMethods.has(request.method) || !viewAsReads.has(route ?? '')) throw viewOnly();
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
