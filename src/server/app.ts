import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import { migrationsFolder, type Database } from './db/client';
import { accountRoutes } from './features/account/account.routes';
import { adminRoutes } from './features/admin/admin.routes';
import { migrationRoutes } from './features/admin/migration.routes';
import { affiliateRoutes } from './features/affiliate/affiliate.routes';
import { registerAuthGuard } from './features/auth/auth.guard';
import { registerStaffGuard, type StaffRoute } from './features/admin/staff-guard';
import { authRoutes } from './features/auth/auth.routes';
import { createKnownDevices } from './features/auth/known-devices';
import { createAuthRateLimits, type AuthLimits, defaultAuthLimits, scaleIpLimits } from './features/auth/rate-limits';
import { createSessionStore, SESSION_COOKIE } from './features/auth/sessions';
import { twoFactorRoutes } from './features/auth/two-factor.routes';
import { catalogRoutes } from './features/catalog/catalog.routes';
import { createCatalogService, type CatalogService } from './features/catalog/catalog.service';
import { announcePriceChanges } from './features/catalog/price-changes.service';
import { syncPanelLocations } from './features/catalog/panel-locations';
import { checkoutRoutes } from './features/checkout/checkout.routes';
import { expireStaleOrders } from './features/checkout/order-expiry';
import { createRefunds, type Refunds } from './features/checkout/refunds';
import { webhookRoutes } from './features/checkout/webhooks.routes';
import { healthRoutes } from './features/health/health.routes';
import { registerMetrics } from './features/health/metrics';
import { latestMigrationAt, watchWorkers } from './features/health/readiness';
import { liveEventsRoutes } from './features/servers/live-events.routes';
import { overviewRoutes } from './features/dashboard/overview.routes';
import { autoResolveStaleTickets } from './features/support/auto-resolve';
import { promotePayableCommissions } from './features/affiliate/commissions';
import { billingRoutes } from './features/billing/billing.routes';
import { runRenewals } from './features/billing/renewals.service';
import { serversRoutes } from './features/servers/servers.routes';
import type { PlanChangeDeps } from './features/plan-changes/plan-change-deps';
import { applyDueDowngrade, planChangePaid, resizeForChange } from './features/plan-changes/plan-change-resize';
import { planChangeRoutes } from './features/plan-changes/plan-changes.routes';
import { sweepPlanChanges } from './features/plan-changes/plan-changes.service';
import type { RegionMoveDeps } from './features/region-moves/region-move-deps';
import { runMove } from './features/region-moves/region-move-run';
import { regionMoveRoutes } from './features/region-moves/region-moves.routes';
import { sweepMoves } from './features/region-moves/region-moves.service';
import type { SoftwareSwitchDeps } from './features/software-switch/software-switch-deps';
import { softwareSwitchRoutes } from './features/software-switch/software-switch.routes';
import { advanceSoftwareSwitch } from './features/software-switch/software-switch.steps';
import { openSwitchIds } from './features/software-switch/software-switch.repository';
import { consoleRoutes } from './features/servers/console.routes';
import { filesRoutes } from './features/servers/files.routes';
import { serverSharingRoutes } from './features/servers/server-sharing.routes';
import { createPowerWatcher } from './features/servers/power.service';
import { serverManagementRoutes } from './features/servers/server-management.routes';
import { createServerMaintenance } from './features/servers/server-maintenance';
import { supportRoutes } from './features/support/support.routes';
import { taxRoutes } from './features/tax/tax.routes';
import { createVatIdChecks, type VatIdChecks } from './features/tax/vat-id-checks.service';
import { vatIdCheckerFromConfig } from './integrations/vies/create-checker';
import { createMailboxMailer } from './integrations/mail/mailbox';
import { mailboxRoutes } from './integrations/mail/mailbox.routes';
import type { Mailer } from './integrations/mail/mailer';
import { createGamePanel } from './integrations/panel/create-panel';
import type { GamePanel } from './integrations/panel/game-panel';
import { localCheckoutRoutes } from './integrations/payments/local-checkout.routes';
import { isLocalProvider } from './integrations/payments/local-provider';
import type { PaymentProvider } from './integrations/payments/payment-provider';
import { paymentProviderFromConfig } from './integrations/payments/payment-providers';
import type { BackgroundJobs } from './jobs/background-jobs';
import { jobsFromConfig } from './jobs/jobs-from-config';
import type { Provisioning, ProvisioningOptions } from './jobs/provisioning';
import type { JobQueueOptions } from './jobs/queue';
import type { EventBus } from './lib/events';
import { eventBusFor } from './lib/pg-events';
import { registerCsrfProtection } from './lib/csrf';
import { registerApiNotFound, registerErrorHandler } from './lib/error-handler';
import { randomIds, systemClock, type Clock, type Ids } from './lib/runtime';
import { createRateLimiter } from './lib/rate-limiter';
import { databaseRateLimitStore } from './lib/rate-limit-store';
import { loadSharedSecrets } from './lib/shared-secrets';
import { createSecretBox } from './lib/secret-box';
import { answerFrameworkError, registerSafeInput } from './lib/safe-input';
import { QuietLogController } from './lib/log-controller';
import { loggerOptions } from './lib/logger';
import { registerSecurityHeaders } from './lib/security-headers';
import { registerCompression } from './lib/compression';
import { registerClient } from './client-assets';

export interface AppDeps {
  config: Config;
  database: Database;
  clock?: Clock;
  ids?: Ids;
  /** Outgoing email; the built-in mailbox (stored in the database) when not given. */
  mailer?: Mailer;
  /** Overrides of the sign-in, sign-up, reset and resend rate limits (tests use small ones). */
  authLimits?: Partial<AuthLimits>;
  /** The built client; when missing (server tests), only the API is served. */
  clientDir?: string;
  logger?: boolean | Record<string, unknown>;
  /** Payments; by default Stripe when STRIPE_SECRET_KEY is set, else the built-in checkout page. */
  payments?: PaymentProvider;
  /**
   * The game panel; by default Pterodactyl/Pelican when PANEL_URL is set, else the simulated one.
   * A partial panel (only hasCapacity, as checkout tests pass) serves checkout alone, and
   * provisioning then uses the configured panel.
   */
  panel?: GamePanel | Pick<GamePanel, 'hasCapacity'>;
  /** Change notices per user (GET /api/events); LISTEN/NOTIFY on PostgreSQL, in-process on PGlite. */
  events?: EventBus;
  /** Queues provisioning of a paid server; by default the durable job (jobs/provisioning.ts). */
  provisioning?: { enqueue(serverId: string): Promise<void> };
  /** Queues the resize of a plan change; by default the durable job (jobs/plan-change-resize.ts). */
  resizes?: { enqueue(changeId: string): Promise<void> };
  /** Queues a region move's job; by default the durable job (jobs/region-move.ts). */
  moves?: { enqueue(moveId: string, delaySeconds?: number): Promise<void> };
  /** Queues a software switch's job; by default the durable job (jobs/software-switch.ts). */
  softwareSwitches?: { enqueue(switchId: string): Promise<void> };
  /** Tests: faster retries and polls of the provisioning job, and of the queue's workers. */
  provisioningOptions?: Partial<ProvisioningOptions>;
  jobQueueOptions?: Omit<JobQueueOptions, 'log'>;
  /** Tests: a shorter heartbeat on GET /api/events. */
  liveEvents?: { heartbeatMs?: number };
}

export interface App extends FastifyInstance {
  catalog: CatalogService;
  mailer: Mailer;
  payments: PaymentProvider;
  /** Refunds an order in full (used when provisioning gives up, and by billing). */
  refunds: Refunds;
  panel: GamePanel;
  events: EventBus;
  /** The durable provisioning job: enqueue, and the workers' start-up sweep. */
  provisioning: Provisioning;
  /** Background workers; main.ts starts them after listen, app.close() stops them. */
  jobs: BackgroundJobs;
  /** Every /api/admin route with the permission it declares (the role × route test walks them). */
  staffRoutes: StaffRoute[];
  /** What plan changes run with (tests call their steps directly). */
  planChanges: PlanChangeDeps;
  /** What region moves run with (tests call their steps directly). */
  regionMoves: RegionMoveDeps;
  /** What software switches run with (tests call their steps directly). */
  softwareSwitches: SoftwareSwitchDeps;
  /** VAT ID checks with VIES (tests call the retry job's step directly). */
  vatIds: VatIdChecks;
}

/**
 * Fastify 5 treats a numeric trustProxy as "trust no hop" (it cannot check the peer); a host who
 * sets a hop count means the proxies in front, so the count becomes the function proxy-addr
 * calls with each hop's index. The README says to publish the app only to its proxy.
 */
function trustProxyOption(setting: Config['TRUST_PROXY']) {
  if (typeof setting !== 'number') return setting;
  return (_address: string, hop: number) => hop < setting;
}

export async function buildApp(deps: AppDeps): Promise<App> {
  const { config, database } = deps;
  const clock = deps.clock ?? systemClock;
  const ids = deps.ids ?? randomIds;
  const mailer = deps.mailer ?? createMailboxMailer(database.db, { clock, ids });
  const production = config.NODE_ENV === 'production';
  const app = Fastify({
    logger: deps.logger ?? loggerOptions({ level: config.LOG_LEVEL }),
    logController: new QuietLogController(),
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    bodyLimit: 256 * 1024,
    frameworkErrors: answerFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerMetrics(app, { token: config.METRICS_TOKEN, database });
  registerSafeInput(app);

  registerSecurityHeaders(app, production);
  await registerCompression(app);
  await app.register(cookie);
  registerCsrfProtection(app, { publicUrl: config.PUBLIC_URL, sessionCookie: SESSION_COOKIE });
  const sessions = createSessionStore({ db: database.db, clock, ids });
  registerAuthGuard(app, sessions, production);
  const staffRoutes = registerStaffGuard(app);
  // Counters live in the database, so every instance on it enforces one limit.
  const rateLimiter = createRateLimiter(database.db, clock);
  await app.register(rateLimit, {
    global: false,
    store: databaseRateLimitStore(rateLimiter, () => clock.now().getTime()),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `Too many requests. Please try again in ${Math.max(1, Math.ceil(context.ttl / 1000))} seconds.`,
    }),
  });
  await app.register(swagger, {
    openapi: {
      info: { title: `${config.BRAND_NAME} API`, version: '1.0.0' },
      servers: [{ url: '/' }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  // The panel driver reads this map on each call; the catalog keeps it in step with staff's panel locations.
  const panelLocations: Record<string, number | string> = { ...config.PANEL_LOCATIONS };
  const catalog = createCatalogService(database.db, config.BRAND_NAME, {
    onChange: (snapshot) => syncPanelLocations(panelLocations, config.PANEL_LOCATIONS, snapshot.draft),
  });
  app.addHook('onReady', async () => {
    await catalog.current().catch(() => undefined);
  });
  const authDeps = {
    db: database.db,
    clock,
    ids,
    mailer,
    sessions,
    brand: config.BRAND_NAME,
    publicUrl: config.PUBLIC_URL,
    adminEmails: config.ADMIN_EMAILS,
    secrets: createSecretBox({ secret: config.APP_SECRET, previous: config.APP_SECRET_PREVIOUS }),
  };
  // Generated once and kept in the database, so every instance signs and hashes alike across restarts.
  const shared = await loadSharedSecrets(
    { db: database.db, clock, box: createSecretBox({ secret: config.APP_SECRET, previous: config.APP_SECRET_PREVIOUS, purpose: 'stored-secrets' }) },
    { localPayments: config.LOCAL_PAYMENTS_SECRET, affiliateIpSalt: config.AFFILIATE_IP_SALT },
  );
  const limits = createAuthRateLimits(
    rateLimiter,
    deps.authLimits ?? scaleIpLimits(defaultAuthLimits, config.AUTH_IP_LIMIT_SCALE),
  );
  const payments = deps.payments ?? paymentProviderFromConfig(config, { db: database.db, clock, localSecret: shared.localPayments });
  const events = deps.events ?? eventBusFor(database, app.log);
  const panel =
    deps.panel && 'createServer' in deps.panel ? deps.panel : createGamePanel({ ...config, PANEL_LOCATIONS: panelLocations }, { db: database.db, clock, ids });
  const management = { db: database.db, clock, ids, panel, events, log: app.log };
  const powerWatcher = createPowerWatcher(management);
  app.addHook('onClose', async () => powerWatcher.stop());
  const serverManagement = { ...management, watch: powerWatcher.watch };
  const { provisioning, jobs, resizes, moves, switches, vatIdCheckJobs } = jobsFromConfig({
    config,
    database,
    clock,
    ids,
    panel,
    events,
    log: app.log,
    // Bound late: refunds are built from the checkout deps below.
    refundOrder: (orderId, reason) => refunds.refundOrder(orderId, reason),
    expireOrders: () => expireStaleOrders(database.db, clock),
    maintenance: createServerMaintenance(serverManagement),
    renewals: () =>
      runRenewals({
        db: database.db,
        clock,
        ids,
        payments,
        panel,
        events,
        mailer,
        brand: config.BRAND_NAME,
        publicUrl: config.PUBLIC_URL,
        log: app.log,
        applyPlanChanges: (server, cancelAt) => applyDueDowngrade(planChangeDeps, server, cancelAt),
        vatIds,
      }),
    // Bound late: plan changes are built from the jobs' queue below.
    planChanges: {
      run: (changeId, options) => resizeForChange(planChangeDeps, changeId, options),
      sweep: () => sweepPlanChanges(planChangeDeps),
    },
    regionMoves: {
      run: (moveId, options) => runMove(regionMoveDeps, moveId, options),
      sweep: () => sweepMoves(regionMoveDeps),
    },
    softwareSwitches: {
      run: (switchId, options) => advanceSoftwareSwitch(softwareSwitchDeps, switchId, options),
      open: () => openSwitchIds(database.db),
    },
    vatIdChecks: {
      run: (userId, options) => vatIds.retry(userId, options),
      stillChecking: () => vatIds.stillChecking(),
    },
    periodic: [
      {
        name: 'tickets-auto-resolve',
        cron: '17 * * * *',
        run: () => autoResolveStaleTickets({ db: database.db, clock, ids, events }),
        done: 'stale tickets resolved',
      },
      {
        name: 'commissions-payable',
        cron: '*/15 * * * *',
        run: () => promotePayableCommissions(database.db, clock, events),
        done: 'commissions became payable',
      },
      {
        // Finishes a price review a save could not (the process stopped), and retries unsent notices.
        name: 'catalog-price-notices',
        cron: '*/10 * * * *',
        run: async () => {
          const r = await announcePriceChanges({ db: database.db, clock, ids, mailer, events, brand: config.BRAND_NAME, publicUrl: config.PUBLIC_URL, log: app.log });
          return r.increases + r.decreases + r.withdrawn;
        },
        done: 'price changes announced',
      },
      {
        // Books refunds a stopped process left between the provider's answer and our books.
        name: 'refunds-sweep',
        cron: '*/5 * * * *',
        run: () => refunds.sweepPending(),
        done: 'pending refunds finished',
      },
      {
        // Ended windows are never read as live; deleting them only keeps the table small.
        name: 'rate-limits-cleanup',
        cron: '*/10 * * * *',
        run: () => rateLimiter.deleteExpired(),
        done: '',
      },
    ],
    provisioningOptions: deps.provisioningOptions,
    queueOptions: deps.jobQueueOptions,
  });
  const vatIds = createVatIdChecks({ db: database.db, clock, checker: vatIdCheckerFromConfig(config), log: app.log, retries: vatIdCheckJobs });
  if (production && !config.VIES_API_URL) app.log.warn('VIES_API_URL is not set: no VAT ID can be checked, so EU businesses pay VAT until staff verify their ID by hand');
  app.addHook('onClose', async () => {
    await jobs.stop();
    if (!deps.events) await events.close();
  });
  const planChangeDeps: PlanChangeDeps = {
    db: database.db,
    clock,
    ids,
    catalog,
    payments,
    panel,
    events,
    publicUrl: config.PUBLIC_URL,
    log: app.log,
    resizes: deps.resizes ?? resizes,
  };
  const regionMoveDeps: RegionMoveDeps = {
    db: database.db,
    clock,
    ids,
    catalog,
    payments,
    panel,
    events,
    mailer,
    brand: config.BRAND_NAME,
    publicUrl: config.PUBLIC_URL,
    log: app.log,
    moves: deps.moves ?? moves,
  };
  const softwareSwitchDeps: SoftwareSwitchDeps = { ...management, catalog, switches: deps.softwareSwitches ?? switches };
  const checkoutDeps = {
    db: database.db,
    clock,
    ids,
    catalog,
    payments,
    panel: deps.panel ?? panel,
    events,
    provisioning: deps.provisioning ?? provisioning,
    publicUrl: config.PUBLIC_URL,
    log: app.log,
    planChangePaid: (orderId: string) => planChangePaid(planChangeDeps, orderId),
    providerRefunded: async (provider: string, paymentId: string, refundedCents: number) => {
      await refunds.recordProviderRefund(provider, paymentId, refundedCents);
    },
  };
  const refunds = createRefunds({ ...checkoutDeps, log: app.log });
  await app.register(
    async (api) => {
      await api.register(
        healthRoutes({ database, workers: watchWorkers(jobs), latestMigrationAt: latestMigrationAt(migrationsFolder) }),
      );
      await api.register(authRoutes({ ...authDeps, limits, devices: createKnownDevices(shared.signInDevices), secureCookies: production }));
      await api.register(twoFactorRoutes({ ...authDeps, limits }));
      await api.register(accountRoutes({ ...authDeps, limits, secureCookies: production }));
      await api.register(taxRoutes({ db: database.db, clock, vatIds }));
      await api.register(catalogRoutes(catalog, { db: database.db }));
      await api.register(
        supportRoutes({
          db: database.db,
          clock,
          ids,
          mailer,
          events,
          brand: config.BRAND_NAME,
          publicUrl: config.PUBLIC_URL,
          supportEmail: config.SUPPORT_EMAIL,
        }),
      );
      await api.register(checkoutRoutes(checkoutDeps));
      await api.register(webhookRoutes(checkoutDeps));
      await api.register(serversRoutes({ db: database.db }));
      await api.register(serverManagementRoutes(serverManagement));
      await api.register(consoleRoutes(management, { heartbeatMs: deps.liveEvents?.heartbeatMs }));
      await api.register(filesRoutes(management));
      await api.register(planChangeRoutes(planChangeDeps));
      await api.register(regionMoveRoutes(regionMoveDeps));
      await api.register(softwareSwitchRoutes(softwareSwitchDeps));
      await api.register(serverSharingRoutes({ ...management, mailer, brand: config.BRAND_NAME, publicUrl: config.PUBLIC_URL }));
      await api.register(migrationRoutes(management));
      await api.register(overviewRoutes({ db: database.db }));
      await api.register(
        billingRoutes({
          db: database.db,
          clock,
          ids,
          payments,
          events,
          seller: { name: config.BRAND_NAME, email: config.SUPPORT_EMAIL, url: config.PUBLIC_URL },
        }),
      );
      await api.register(
        affiliateRoutes({
          db: database.db,
          clock,
          ids,
          events,
          log: app.log,
          publicUrl: config.PUBLIC_URL,
          ipSalt: shared.affiliateIpSalt,
          secureCookies: production,
        }),
      );
      await api.register(liveEventsRoutes({ events, heartbeatMs: deps.liveEvents?.heartbeatMs }));
      await api.register(
        adminRoutes({
          config,
          database,
          db: database.db,
          clock,
          ids,
          mailer,
          panel,
          payments,
          events,
          refunds,
          provisioning,
          jobs,
          sessions,
          rateLimiter,
          vatIds,
          brand: config.BRAND_NAME,
          publicUrl: config.PUBLIC_URL,
          log: app.log,
        }),
      );
      if (isLocalProvider(payments)) {
        await api.register(
          localCheckoutRoutes({
            db: database.db,
            clock,
            provider: payments,
            brand: config.BRAND_NAME,
            publicUrl: config.PUBLIC_URL,
            log: app.log,
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
  if (!production && !deps.mailer && !config.SMTP_URL) {
    await app.register(mailboxRoutes({ db: database.db, brand: config.BRAND_NAME }));
  }

  if (deps.clientDir && existsSync(path.join(deps.clientDir, 'index.html'))) {
    await registerClient(app, deps.clientDir, catalog);
  } else {
    registerApiNotFound(app);
  }
  app.decorate('catalog', catalog);
  app.decorate('mailer', mailer);
  app.decorate('payments', payments);
  app.decorate('refunds', refunds);
  app.decorate('panel', panel);
  app.decorate('events', events);
  app.decorate('provisioning', provisioning);
  app.decorate('jobs', jobs);
  app.decorate('staffRoutes', staffRoutes);
  app.decorate('planChanges', planChangeDeps);
  app.decorate('regionMoves', regionMoveDeps);
  app.decorate('softwareSwitches', softwareSwitchDeps);
  app.decorate('vatIds', vatIds);
  return app as unknown as App;
}
