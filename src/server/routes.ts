import type { FastifyInstance } from 'fastify';
import { migrationsFolder } from './db/client';
import { accountRoutes } from './features/account/account.routes';
import { adminRoutes } from './features/admin/admin.routes';
import { migrationRoutes } from './features/admin/migration.routes';
import { deliveryRoutes } from './features/delivery';
import { panelLinkRoutes } from './features/admin/panel-links/panel-links.routes';
import { affiliateRoutes } from './features/affiliate/affiliate.routes';
import { authRoutes } from './features/auth/auth.routes';
import { twoFactorRoutes } from './features/auth/two-factor.routes';
import { billingRoutes } from './features/billing/billing.routes';
import { catalogRoutes } from './features/catalog/catalog.routes';
import { checkoutRoutes } from './features/checkout/checkout.routes';
import { webhookRoutes } from './features/checkout/webhooks.routes';
import { checkOrderWithProvider } from './features/checkout';
import { overviewRoutes } from './features/dashboard/overview.routes';
import { healthRoutes } from './features/health/health.routes';
import { i18nRoutes, translationsAdminRoutes } from './features/i18n';
import { emailTemplatesAdminRoutes } from './features/emails';
import { latestMigrationAt } from './features/health/readiness';
import { planChangeRoutes } from './features/plan-changes/plan-changes.routes';
import { regionMoveRoutes } from './features/region-moves/region-moves.routes';
import { consoleRoutes } from './features/servers/console.routes';
import { filesRoutes } from './features/servers/files.routes';
import { liveEventsRoutes } from './features/servers/live-events.routes';
import { serverManagementRoutes } from './features/servers/server-management.routes';
import { serverSharingRoutes } from './features/servers/server-sharing.routes';
import { serversRoutes } from './features/servers/servers.routes';
import { announcementAdminRoutes, announcementRoutes, articleAdminRoutes, articleRoutes, contentAdminRoutes, contentRoutes, unpublishedRoutes } from './features/content';
import { statusAdminRoutes, statusRoutes } from './features/status';
import { softwareSwitchRoutes } from './features/software-switch/software-switch.routes';
import { supportRoutes } from './features/support/support.routes';
import { taxRoutes } from './features/tax/tax.routes';
import { mailboxRoutes } from './integrations/mail/mailbox.routes';
import { localCheckoutRoutes } from './integrations/payments/local-checkout.routes';
import { isLocalProvider } from './integrations/payments/local-provider';
import { brandRoutes, getBrand } from './features/brand';
import type { Services } from './services';

export interface RouteOptions {
  /** Tests: a shorter heartbeat on GET /api/events and the console. */
  heartbeatMs?: number;
}

/**
 * Registers every route, each given the services it uses. The app registers its hooks (the auth
 * and staff guards) and the OpenAPI document before calling this, so they see every route.
 */
export async function registerRoutes(app: FastifyInstance, services: Services, options: RouteOptions = {}) {
  const { config, database, db, clock, ids, mailer, payments, events, log, production } = services;
  const brand = config.BRAND_NAME;
  const publicUrl = config.PUBLIC_URL;
  const { auth, authLimits: limits } = services;
  await app.register(
    async (api) => {
      await api.register(healthRoutes({ database, workers: services.workers, latestMigrationAt: latestMigrationAt(migrationsFolder) }));
      await api.register(authRoutes({ ...auth, limits, devices: services.devices, secureCookies: production }));
      await api.register(twoFactorRoutes({ ...auth, limits }));
      await api.register(accountRoutes({ ...auth, limits, secureCookies: production }));
      await api.register(taxRoutes({ db, clock, vatIds: services.vatIds }));
      await api.register(catalogRoutes(services.catalog, { db, secureCookies: production }));
      await api.register(brandRoutes({ db }));
      await api.register(supportRoutes({ db, clock, ids, mailer, events, brand, publicUrl, supportEmail: config.SUPPORT_EMAIL }));
      await api.register(checkoutRoutes(services.checkout));
      await api.register(webhookRoutes(services.checkout));
      await api.register(serversRoutes({ db }));
      await api.register(serverManagementRoutes(services.serverManagement));
      await api.register(consoleRoutes(services.management, { heartbeatMs: options.heartbeatMs }));
      await api.register(filesRoutes(services.management));
      await api.register(planChangeRoutes(services.planChanges));
      await api.register(regionMoveRoutes(services.regionMoves));
      await api.register(softwareSwitchRoutes(services.softwareSwitches));
      await api.register(serverSharingRoutes({ ...services.management, mailer, brand, publicUrl }));
      await api.register(migrationRoutes(services.management));
      await api.register(panelLinkRoutes({ ...services.management, catalog: services.catalog }));
      await api.register(overviewRoutes({ db, i18n: services.i18n }));
      await api.register(deliveryRoutes({ db, clock, ids, events, catalog: services.catalog }));
      await api.register(billingRoutes({ db, clock, ids, payments, events, seller: { name: brand, email: config.SUPPORT_EMAIL, url: publicUrl }, i18n: services.i18n }));
      await api.register(
        affiliateRoutes({ db, clock, ids, events, log, publicUrl, ipSalt: services.affiliateIpSalt, secureCookies: production }),
      );
      await api.register(statusRoutes(services.status));
      await api.register(i18nRoutes({ db, i18n: services.i18n, secureCookies: production }));
      await api.register(translationsAdminRoutes({ db, clock, ids, i18n: services.i18n }), { prefix: '/admin' });
      await api.register(emailTemplatesAdminRoutes({ db, clock, ids, i18n: services.i18n, publicUrl }), { prefix: '/admin' });
      await api.register(statusAdminRoutes(services.incidents), { prefix: '/admin' });
      await api.register(contentRoutes(services.content));
      await api.register(unpublishedRoutes(services.content, async () => (await services.i18n.current()).defaultLocale));
      await api.register(
        contentAdminRoutes({ db, clock, ids, production, changed: () => services.content.clear() }),
        { prefix: '/admin' },
      );
      await api.register(announcementRoutes({ db, clock, ids }));
      await api.register(
        announcementAdminRoutes({
          db,
          clock,
          ids,
          targets: async () => {
            const { draft } = await services.catalog.current();
            return { games: draft.games.map((g) => g.slug), locations: draft.locations.map((l) => l.value) };
          },
        }),
        { prefix: '/admin' },
      );
      await api.register(articleRoutes({ db, clock, ids, production }));
      await api.register(articleAdminRoutes({ db, clock, ids, production, changed: () => services.articlePages.clear() }), { prefix: '/admin' });
      await api.register(liveEventsRoutes({ events, heartbeatMs: options.heartbeatMs }));
      await api.register(
        adminRoutes({
          config,
          database,
          db,
          clock,
          ids,
          mailer,
          outbox: services.outbox,
          panel: services.panel,
          payments,
          events,
          refunds: services.refunds,
          refundNotices: services.refundNotices,
          provisioning: services.provisioning,
          jobs: services.jobs,
          sessions: services.sessions,
          rateLimiter: services.rateLimiter,
          vatIds: services.vatIds,
          staffAlerts: services.staffAlerts,
          i18n: services.i18n,
          checkOrderWithProvider: (orderId) => checkOrderWithProvider(services.checkout, orderId),
          brand,
          publicUrl,
          log,
        }),
      );
      if (isLocalProvider(payments)) {
        await api.register(
          localCheckoutRoutes({
            db,
            clock,
            provider: payments,
            i18n: services.i18n,
            brand: async () => (await getBrand(db)).name,
            publicUrl,
            log,
            // Delivered through the app's own webhook route, verified like a real provider's.
            deliver: async ({ path, body, headers }) => {
              const res = await app.inject({ method: 'POST', url: path, payload: body, headers });
              return { statusCode: res.statusCode, body: res.body };
            },
          }),
        );
      }
    },
    { prefix: '/api' },
  );
  // Only while the built-in mailer is the one sending: never in production, never with SMTP.
  if (!production && services.builtInMailer && !config.SMTP_URL) {
    await app.register(mailboxRoutes({ db, brand }));
  }
}
