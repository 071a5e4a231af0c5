import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
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
import { catalogRoutes } from './features/catalog/catalog.routes';
import { createCatalogService, type CatalogService } from './features/catalog/catalog.service';
import { healthRoutes } from './features/health/health.routes';
import { supportRoutes } from './features/support/support.routes';
import { registerErrorHandler } from './lib/error-handler';
import { randomIds, systemClock, type Clock, type Ids } from './lib/runtime';
import { registerClient } from './client-assets';

export interface AppDeps {
  config: Config;
  database: Database;
  clock?: Clock;
  ids?: Ids;
  /** The built client; when missing (server tests), only the API is served. */
  clientDir?: string;
  logger?: boolean | Record<string, unknown>;
}

export interface App extends FastifyInstance {
  catalog: CatalogService;
}

export async function buildApp(deps: AppDeps): Promise<App> {
  const { config, database } = deps;
  const clock = deps.clock ?? systemClock;
  const ids = deps.ids ?? randomIds;
  const app = Fastify({
    logger: deps.logger ?? { level: config.LOG_LEVEL },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 256 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        upgradeInsecureRequests: config.NODE_ENV === 'production' ? [] : null,
      },
    },
  });
  await app.register(cookie);
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
  await app.register(
    async (api) => {
      await api.register(healthRoutes(database));
      await api.register(catalogRoutes(catalog));
      await api.register(supportRoutes({ db: database.db, clock, ids }));
    },
    { prefix: '/api' },
  );

  if (deps.clientDir && existsSync(path.join(deps.clientDir, 'index.html'))) {
    await registerClient(app, deps.clientDir);
  }
  app.decorate('catalog', catalog);
  return app as unknown as App;
}
