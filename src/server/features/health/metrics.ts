import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../../db/client';
import { HttpError } from '../../lib/errors';

/** Streams that stay open (server-sent events), by the route that serves them. */
const streams: Record<string, string> = {
  '/api/events': 'events',
  '/api/servers/:id/console': 'console',
};

const WEBHOOK_ROUTE = '/api/webhooks/:provider';

function digest(value: string) {
  return createHash('sha256').update(value).digest();
}

function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer\s+(\S+)$/i.exec(header ?? '')?.[1];
  return given !== undefined && timingSafeEqual(digest(given), digest(token));
}

/** Gauges read from the database at each scrape: the same in every instance, so aggregate with max(). */
function databaseGauges(registry: Registry, database: Database) {
  async function rows<T>(sql: string): Promise<T[]> {
    try {
      return (await database.query(sql)) as T[];
    } catch {
      return []; // pg-boss's tables exist once the workers started; a failing database shows in /api/ready
    }
  }
  new Gauge({
    name: 'spawnpoint_jobs',
    help: 'Background jobs by queue and state (created, retry and active are the queue depth; failed ones stay until archived)',
    labelNames: ['queue', 'state'],
    registers: [registry],
    async collect() {
      const found = await rows<{ name: string; state: string; n: number }>(
        "select name, state::text as state, count(*)::int as n from pgboss.job where state in ('created','retry','active','failed') group by name, state",
      );
      this.reset();
      for (const r of found) this.set({ queue: r.name, state: r.state }, r.n);
    },
  });
  new Gauge({
    name: 'spawnpoint_servers',
    help: 'Game servers by status: the outcome of provisioning (online, failed) and the work in progress',
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      const found = await rows<{ status: string; n: number }>('select status, count(*)::int as n from servers group by status');
      this.reset();
      for (const r of found) this.set({ status: r.status }, r.n);
    },
  });
  const purchases = new Gauge({
    name: 'spawnpoint_purchases',
    help: 'Paid purchases by payment provider and status (paid, refunded)',
    labelNames: ['provider', 'status'],
    registers: [registry],
  });
  new Gauge({
    name: 'spawnpoint_purchases_amount_cents',
    help: 'Sum of the amounts of purchases by payment provider and status, in cents',
    labelNames: ['provider', 'status'],
    registers: [registry],
    async collect() {
      const found = await rows<{ provider: string; status: string; n: number; cents: string }>(
        'select provider, status, count(*)::int as n, coalesce(sum(amount_cents), 0)::text as cents from purchases group by provider, status',
      );
      this.reset();
      purchases.reset();
      for (const r of found) {
        this.set({ provider: r.provider, status: r.status }, Number(r.cents));
        purchases.set({ provider: r.provider, status: r.status }, r.n);
      }
    },
  });
}

/**
 * GET /metrics in Prometheus' text format, for a scraper holding `Authorization: Bearer
 * <METRICS_TOKEN>` (401 otherwise). Without METRICS_TOKEN it answers 404 and nothing is measured.
 */
export function registerMetrics(app: FastifyInstance, options: { token?: string; database: Database }) {
  const { token } = options;
  if (!token) {
    app.get('/metrics', { schema: { hide: true } }, async () => {
      throw new HttpError(404, 'not_found', 'Not found');
    });
    return;
  }
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by method, route and status, with how long they took',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const webhooks = new Counter({
    name: 'spawnpoint_webhooks_total',
    help: 'Payment webhook deliveries by outcome: accepted, or rejected (a bad signature or an unknown provider)',
    labelNames: ['outcome', 'status_code'],
    registers: [registry],
  });
  const openStreams = new Gauge({
    name: 'spawnpoint_sse_connections',
    help: 'Open server-sent event streams (live updates, server consoles)',
    labelNames: ['stream'],
    registers: [registry],
  });
  openStreams.set({ stream: 'events' }, 0);
  openStreams.set({ stream: 'console' }, 0);
  databaseGauges(registry, options.database);

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const stream = streams[request.routeOptions.url ?? ''];
    if (!stream) return;
    openStreams.inc({ stream });
    reply.raw.once('close', () => openStreams.dec({ stream }));
  });
  app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
    const route = request.routeOptions.url ?? '(unmatched)';
    if (streams[route]) return; // a stream's duration is how long someone watched
    const status = String(reply.statusCode);
    latency.observe({ method: request.method, route, status_code: status }, reply.elapsedTime / 1000);
    if (route === WEBHOOK_ROUTE) webhooks.inc({ outcome: reply.statusCode < 300 ? 'accepted' : 'rejected', status_code: status });
  });

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!bearerMatches(request.headers.authorization, token)) {
      reply.header('www-authenticate', 'Bearer');
      throw new HttpError(401, 'unauthorized', 'A valid metrics token is required.');
    }
    reply.header('content-type', registry.contentType).header('cache-control', 'no-store');
    return registry.metrics();
  });
}
