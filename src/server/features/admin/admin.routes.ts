import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AdminDeps } from './admin-deps';
import { auditAdminRoutes } from './audit/audit.routes';
import { catalogAdminRoutes } from './catalog/catalog.routes';
import { couponsAdminRoutes } from './coupons/coupons.routes';
import { customerEmailsAdminRoutes } from './customers/customer-emails.routes';
import { customersAdminRoutes } from './customers/customers.routes';
import { homeAdminRoutes } from './home/home.routes';
import { ordersAdminRoutes } from './orders/orders.routes';
import { serversAdminRoutes } from './servers/servers.routes';
import { alertSettingsAdminRoutes } from './settings/alerts.routes';
import { brandSettingsAdminRoutes } from './settings/brand.routes';
import { settingsAdminRoutes } from './settings/settings.routes';
import { invitationRoutes } from './staff/invitations.routes';
import { staffAdminRoutes } from './staff/staff.routes';

/**
 * The staff console's API under /api/admin. Every route declares `config: { permission }`;
 * the staff guard (staff-guard.ts) checks it, and two-factor, before the handler runs.
 */
export function adminRoutes(deps: AdminDeps): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(homeAdminRoutes(deps), { prefix: '/admin' });
    await app.register(customersAdminRoutes(deps), { prefix: '/admin' });
    await app.register(customerEmailsAdminRoutes(deps), { prefix: '/admin' });
    await app.register(ordersAdminRoutes(deps), { prefix: '/admin' });
    await app.register(serversAdminRoutes(deps), { prefix: '/admin' });
    await app.register(staffAdminRoutes(deps), { prefix: '/admin' });
    await app.register(auditAdminRoutes(deps), { prefix: '/admin' });
    await app.register(catalogAdminRoutes(deps), { prefix: '/admin' });
    await app.register(couponsAdminRoutes(deps), { prefix: '/admin' });
    await app.register(settingsAdminRoutes(deps), { prefix: '/admin' });
    await app.register(alertSettingsAdminRoutes(deps), { prefix: '/admin' });
    await app.register(brandSettingsAdminRoutes(deps), { prefix: '/admin' });
    // The invitee's side of staff invitations is public (/api/auth/invitations/...), not under /admin.
    await app.register(invitationRoutes(deps));
  };
}
