import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import { can, isStaffRole, type Permission } from '../../../shared/permissions';
import { forbidden, HttpError } from '../../lib/errors';
import { requireUser } from '../auth';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What a /api/admin route needs; every such route must declare one (see registerStaffGuard). */
    permission?: Permission;
  }
}

export const twoFactorRequired = () =>
  new HttpError(
    403,
    'two_factor_required',
    'Staff accounts need two-factor authentication. Turn it on in Settings under Security, then come back.',
  );

/** Two-factor is on for the account, but this session was opened with the password alone. */
export const twoFactorSignInRequired = () =>
  new HttpError(
    403,
    'two_factor_sign_in_required',
    'This session was signed in without your two-factor code. Sign out, then sign in again with your code to use the staff console.',
  );

/**
 * 401 signed out; 403 for customers, for staff without two-factor, for a session that did not
 * present the second factor, and for a role without the permission.
 */
export function requirePermission(request: FastifyRequest, permission: Permission) {
  const user = requireUser(request);
  if (!isStaffRole(user.role)) throw forbidden('This is for staff only.');
  if (!user.twoFactorEnabled) throw twoFactorRequired();
  if (!user.secondFactorPresented) throw twoFactorSignInRequired();
  if (!can(user.role, permission)) throw forbidden('Your staff role does not allow this.');
  return user;
}

/**
 * Every route under /api/admin declares `config: { permission }`, and gets a guard that checks it
 * before anything else runs. A route without one fails at start-up, so none can be forgotten.
 */
export function registerStaffGuard(app: FastifyInstance): StaffRoute[] {
  const declared: StaffRoute[] = [];
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/admin')) return;
    const permission = (route.config as { permission?: Permission } | undefined)?.permission;
    if (!permission) throw new Error(`${String(route.method)} ${route.url} declares no staff permission`);
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') declared.push({ method, url: route.url, permission });
    }
    const guard: onRequestHookHandler = async (request) => {
      requirePermission(request, permission);
    };
    const existing = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : [];
    route.onRequest = [guard, ...existing];
  });
  return declared;
}

export interface StaffRoute {
  method: string;
  url: string;
  permission: Permission;
}
