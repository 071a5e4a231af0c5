import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { checkReadiness, type WorkerState } from './readiness';

const readinessSchema = z.object({
  status: z.enum(['ready', 'not_ready']),
  checks: z.object({
    database: z.enum(['ok', 'unavailable']),
    migrations: z.enum(['ok', 'pending', 'unknown']),
    workers: z.enum(['running', 'stopped']),
  }),
});

export interface HealthDeps {
  database: Database;
  workers: WorkerState;
  latestMigrationAt: number;
}

/** Probes for orchestrators and load balancers: liveness (the process answers) and readiness. */
export function healthRoutes(deps: HealthDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/health',
      {
        schema: {
          tags: ['health'],
          summary: 'Liveness: 200 while the process answers (restart it when this fails)',
          response: { 200: z.object({ status: z.literal('ok') }) },
        },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        return { status: 'ok' as const };
      },
    );
    app.get(
      '/ready',
      {
        schema: {
          tags: ['health'],
          summary: 'Readiness: 200 when the database answers, its migrations are applied and the job workers run; 503 otherwise',
          response: { 200: readinessSchema, 503: readinessSchema },
        },
      },
      async (_request, reply) => {
        const { ready, checks } = await checkReadiness(deps);
        reply.header('cache-control', 'no-store');
        return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not_ready', checks });
      },
    );
  };
}
