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
import type { Database } from './db/client';
import { accountRoutes } from './features/account/account.routes';
import { registerAuthGuard } from './features/auth/auth.guard';
import { authRoutes } from './features/auth/auth.routes';
import { createAuthRateLimits, type AuthLimits } from './features/auth/rate-limits';
import { createSessionStore, SESSION_COOKIE } from './features/auth/sessions';
import { twoFactorRoutes } from './features/auth/two-factor.routes';
import { catalogRoutes } from './features/catalog/catalog.routes';
import { createCatalogService, type CatalogService } from './features/catalog/catalog.service';
import { healthRoutes } from './features/health/health.routes';
import { supportRoutes } from './features/support/support.routes';
import { createMailboxMailer } from './integrations/mail/mailbox';
import { mailboxRoutes } from './integrations/mail/mailbox.routes';
import type { Mailer } from './integrations/mail/mailer';
import { registerCsrfProtection } from './lib/csrf';
import { registerApiNotFound, registerErrorHandler } from './lib/error-handler';
import { randomIds, systemClock, type Clock, type Ids } from './lib/runtime';
import { QuietLogController } from './lib/log-controller';
import { registerSecurityHeaders } from './lib/security-headers';
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
}

export interface App extends FastifyInstance {
  catalog: CatalogService;
  mailer: Mailer;
}

export async function buildApp(deps: AppDeps): Promise<App> {
  const { config, database } = deps;
  const clock = deps.clock ?? systemClock;
  const ids = deps.ids ?? randomIds;
  const mailer = deps.mailer ?? createMailboxMailer(database.db, { clock, ids });
  const production = config.NODE_ENV === 'production';
  const app = Fastify({
    logger: deps.logger ?? { level: config.LOG_LEVEL },
    logController: new QuietLogController(),
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 256 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  registerSecurityHeaders(app, production);
  await app.register(cookie);
  registerCsrfProtection(app, { publicUrl: config.PUBLIC_URL, sessionCookie: SESSION_COOKIE });
  const sessions = createSessionStore({ db: database.db, clock, ids });
  registerAuthGuard(app, sessions, production);
  await app.register(rateLimit, {
    global: false,
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

  const catalog = createCatalogService(database.db, config.BRAND_NAME);
  const authDeps = {
    db: database.db,
    clock,
    ids,
    mailer,
    sessions,
    brand: config.BRAND_NAME,
    publicUrl: config.PUBLIC_URL,
  };
  const limits = createAuthRateLimits(clock, deps.authLimits);
  await app.register(
    async (api) => {
      await api.register(healthRoutes(database));
      await api.register(authRoutes({ ...authDeps, limits, secureCookies: production }));
      await api.register(twoFactorRoutes(authDeps));
      await api.register(accountRoutes({ ...authDeps, secureCookies: production }));
      await api.register(catalogRoutes(catalog));
      await api.register(supportRoutes({ db: database.db, clock, ids }));
    },
    { prefix: '/api' },
  );
  if (!production) {
    await app.register(mailboxRoutes({ db: database.db, brand: config.BRAND_NAME }));
  }

  if (deps.clientDir && existsSync(path.join(deps.clientDir, 'index.html'))) {
    await registerClient(app, deps.clientDir);
  } else {
    registerApiNotFound(app);
  }
  app.decorate('catalog', catalog);
  app.decorate('mailer', mailer);
  return app as unknown as App;
}
