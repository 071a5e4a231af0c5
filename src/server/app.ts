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
import { registerAuthGuard } from './features/auth/auth.guard';
import { getBrand } from './features/brand';
import { registerStaffGuard, type StaffRoute } from './features/admin/staff-guard';
import { SESSION_COOKIE } from './features/auth/sessions';
import type { CatalogService } from './features/catalog/catalog.service';
import type { Refunds } from './features/billing';
import { registerMetrics } from './features/health/metrics';
import type { PlanChangeDeps } from './features/plan-changes/plan-change-deps';
import type { RegionMoveDeps } from './features/region-moves/region-move-deps';
import type { SoftwareSwitchDeps } from './features/software-switch/software-switch-deps';
import type { VatIdChecks } from './features/tax/vat-id-checks.service';
import type { Mailer } from './integrations/mail/mailer';
import type { GamePanel } from './integrations/panel/game-panel';
import type { PaymentProvider } from './integrations/payments/payment-provider';
import type { BackgroundJobs } from './jobs/background-jobs';
import type { Provisioning } from './jobs/provisioning';
import type { StatusNoticeJobs } from './jobs/status-notices';
import type { EventBus } from './lib/events';
import { registerCsrfProtection } from './lib/csrf';
import { registerApiNotFound, registerErrorHandler } from './lib/error-handler';
import { databaseRateLimitStore } from './lib/rate-limit-store';
import { answerFrameworkError, registerSafeInput } from './lib/safe-input';
import { QuietLogController } from './lib/log-controller';
import { loggerOptions } from './lib/logger';
import { registerSecurityHeaders } from './lib/security-headers';
import { registerCompression } from './lib/compression';
import { registerClient } from './client-assets';
import { unpublishedPaths } from './features/content';
import { registerRoutes } from './routes';
import type { StaffAlerter } from './lib/staff-alert';
import { createServices, type ServiceDeps, type Services } from './services';

export interface AppDeps extends ServiceDeps {
  /** The built client; when missing (server tests), only the API is served. */
  clientDir?: string;
  logger?: boolean | Record<string, unknown>;
  /** Tests: a shorter heartbeat on GET /api/events. */
  liveEvents?: { heartbeatMs?: number };
}

export interface App extends FastifyInstance {
  catalog: CatalogService;
  mailer: Mailer;
  /** The mail outbox: delivery tries, resend, and the mail job's workers (decision 057). */
  outbox: Services['outbox'];
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
  /** Raises staff alerts (docs/decisions/046). */
  alerts: StaffAlerter;
  /** The job that emails a status notice's customers (tests start its workers). */
  statusNotices: StatusNoticeJobs;
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

/**
 * The Fastify app: its plugins and hooks, the services (services.ts), the routes (routes.ts), then
 * the client or the API's 404.
 */
export async function buildApp(deps: AppDeps): Promise<App> {
  const { config } = deps;
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
  const services = await createServices({ ...deps, log: app.log });
  registerErrorHandler(app);
  registerMetrics(app, { token: config.METRICS_TOKEN, database: deps.database });
  registerSafeInput(app);

  registerSecurityHeaders(app, production);
  await registerCompression(app);
  await app.register(cookie);
  registerCsrfProtection(app, { publicUrl: config.PUBLIC_URL, sessionCookie: SESSION_COOKIE });
  registerAuthGuard(app, services.sessions, services.viewAs, production);
  // Before the routes: its onRoute hook refuses an /api/admin route that declares no permission.
  const staffRoutes = registerStaffGuard(app);
  const { clock, rateLimiter } = services;
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
  // The document's title names the shop as saved in Settings → Brand when it is read, not BRAND_NAME.
  const docsBrand = new WeakMap<object, string>();
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    uiHooks: {
      preHandler: async (request) => {
        docsBrand.set(request, (await getBrand(deps.database.db)).name);
      },
    },
    transformSpecification: (spec, request) => {
      const document = spec as { info?: { title?: string } };
      return { ...document, info: { ...document.info, title: `${docsBrand.get(request) ?? config.BRAND_NAME} API` } };
    },
  });
  app.addHook('onReady', async () => {
    await services.catalog.current().catch(() => undefined);
  });
  app.addHook('onClose', () => services.close());

  await registerRoutes(app, services, { heartbeatMs: deps.liveEvents?.heartbeatMs });
  if (deps.clientDir && existsSync(path.join(deps.clientDir, 'index.html'))) {
    await registerClient(app, deps.clientDir, {
      catalog: services.catalog,
      i18n: services.i18n,
      origin: config.PUBLIC_URL,
      content: services.content,
      brand: () => getBrand(deps.database.db),
      articles: services.articlePages,
      unpublished: async () => unpublishedPaths(services.content, (await services.i18n.current()).defaultLocale),
    });
  } else {
    registerApiNotFound(app);
  }
  app.decorate('catalog', services.catalog);
  app.decorate('mailer', services.mailer);
  app.decorate('outbox', services.outbox);
  app.decorate('payments', services.payments);
  app.decorate('refunds', services.refunds);
  app.decorate('panel', services.panel);
  app.decorate('events', services.events);
  app.decorate('provisioning', services.provisioning);
  app.decorate('jobs', services.jobs);
  app.decorate('staffRoutes', staffRoutes);
  app.decorate('planChanges', services.planChanges);
  app.decorate('regionMoves', services.regionMoves);
  app.decorate('softwareSwitches', services.softwareSwitches);
  app.decorate('vatIds', services.vatIds);
  app.decorate('alerts', services.alerts);
  app.decorate('statusNotices', services.statusNotices);
  return app as unknown as App;
}
