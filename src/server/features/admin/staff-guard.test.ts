import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can } from '../../../shared/permissions';
import type { Role } from '../../../shared/schemas/auth';
import { createSignedInUser, createTestApp, dbKinds, type TestContext } from '../../test/test-app';

const roles: Role[] = ['customer', 'support', 'billing', 'admin'];

/** A concrete URL for a route pattern: every parameter becomes an id that matches nothing. */
function concrete(url: string): string {
  return url.replace(/:([A-Za-z]+)/g, (_m, name: string) => (name === 'queue' ? 'provision-server' : '00000000-0000-4000-8000-000000000000'));
}

describe.each(dbKinds)('the staff console role × route matrix on %s', (kind) => {
  let t: TestContext;
  const cookies = {} as Record<Role | 'staffWithout2fa', string>;

  beforeAll(async () => {
    t = await createTestApp(kind);
    for (const role of roles) cookies[role] = (await createSignedInUser(t, { role })).cookie;
    cookies.staffWithout2fa = (await createSignedInUser(t, { role: 'admin', twoFactor: false })).cookie;
  });
  afterAll(async () => t?.close());

  async function call(method: string, url: string, cookie?: string) {
    const hasBody = method !== 'GET' && method !== 'DELETE';
    return t.app.inject({
      method: method as 'GET',
      url: concrete(url),
      headers: { ...(cookie ? { cookie } : {}), ...(hasBody ? { 'content-type': 'application/json' } : {}) },
      payload: hasBody ? '{}' : undefined,
    });
  }

  it('declares a permission on every /api/admin route, and there are routes to walk', () => {
    expect(t.app.staffRoutes.length).toBeGreaterThan(10);
    for (const route of t.app.staffRoutes) expect(route.permission, `${route.method} ${route.url}`).toBeTruthy();
  });

  it('answers 401 signed out, 403 to customers and to staff without two-factor, on every route', async () => {
    for (const { method, url } of t.app.staffRoutes) {
      const label = `${method} ${url}`;
      expect((await call(method, url)).statusCode, label).toBe(401);
      expect((await call(method, url, cookies.customer)).statusCode, label).toBe(403);
      const no2fa = await call(method, url, cookies.staffWithout2fa);
      expect(no2fa.statusCode, label).toBe(403);
      expect(no2fa.json().error.code, label).toBe('two_factor_required');
    }
  });

  it('lets each staff role through exactly the routes its permissions allow', async () => {
    for (const { method, url, permission } of t.app.staffRoutes) {
      for (const role of ['support', 'billing', 'admin'] as const) {
        const res = await call(method, url, cookies[role]);
        const label = `${role} ${method} ${url} (${permission}) → ${res.statusCode} ${res.body.slice(0, 120)}`;
        if (can(role, permission)) {
          expect(res.statusCode, label).not.toBe(401);
          expect(res.statusCode === 403 && res.json().error.code === 'forbidden', label).toBe(false);
          expect(res.statusCode, label).toBeLessThan(500);
        } else {
          expect(res.statusCode, label).toBe(403);
          expect(res.json().error.code, label).toBe('forbidden');
        }
      }
    }
  });
});
