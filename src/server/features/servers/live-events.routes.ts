import { PassThrough } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import type { EventBus } from '../../lib/events';
import { HttpError } from '../../lib/errors';
import { requireUser, signedIn } from '../auth';

export interface LiveEventsOptions {
  events: EventBus;
  /** A comment line this often keeps proxies from closing an idle stream. */
  heartbeatMs?: number;
  /** Open streams one account may hold (tabs); more answer 429. */
  maxStreamsPerUser?: number;
}

/**
 * GET /api/events: a server-sent event stream of the signed-in user's change notices,
 * `event: change` with `data: {"topic":"servers","id":"..."}`. The client refetches what the
 * topic covers; the notices carry no data of their own.
 */
export function liveEventsRoutes(options: LiveEventsOptions): FastifyPluginAsync {
  const heartbeatMs = options.heartbeatMs ?? 25_000;
  const maxStreams = options.maxStreamsPerUser ?? 20;
  return async (app) => {
    const open = new Set<() => void>();
    const perUser = new Map<string, number>();

    // Open streams never end on their own: close them first, or shutdown waits for every tab.
    app.addHook('preClose', async () => {
      for (const close of [...open]) close();
    });

    app.get(
      '/events',
      {
        onRequest: signedIn,
        schema: { tags: ['servers'], summary: 'Server-sent change notices for the signed-in user (text/event-stream)' },
      },
      async (request, reply) => {
        const user = requireUser(request);
        const count = perUser.get(user.id) ?? 0;
        if (count >= maxStreams) throw new HttpError(429, 'rate_limited', 'Too many open live-update streams.');
        perUser.set(user.id, count + 1);

        const stream = new PassThrough();
        stream.write('retry: 5000\n: connected\n\n');
        const unsubscribe = options.events.subscribe(user.id, (event) => {
          stream.write(`event: change\ndata: ${JSON.stringify(event)}\n\n`);
        });
        const heartbeat = setInterval(() => stream.write(': heartbeat\n\n'), heartbeatMs);
        let closed = false;
        const close = () => {
          if (closed) return;
          closed = true;
          clearInterval(heartbeat);
          unsubscribe();
          open.delete(close);
          const left = (perUser.get(user.id) ?? 1) - 1;
          if (left > 0) perUser.set(user.id, left);
          else perUser.delete(user.id);
          stream.end();
        };
        open.add(close);
        // 'close' on the response: the client went away (or the stream ended).
        reply.raw.on('close', close);

        return reply
          .header('content-type', 'text/event-stream; charset=utf-8')
          .header('cache-control', 'no-cache, no-transform')
          .header('x-accel-buffering', 'no')
          .send(stream);
      },
    );
  };
}
