import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { consoleCommandSchema } from '../../../shared/schemas/servers';
import { HttpError } from '../../lib/errors';
import { requireSessionId, requireUser, signedIn, sessionIsLive } from '../auth';
import { manageable, onPanel, serverFor, serverConflict, type ManagementDeps } from './server-access';

const params = z.object({ id: z.string().max(64) });

export interface ConsoleOptions {
  /** A comment line this often keeps proxies from closing the stream; the opener's access is checked again each time. */
  heartbeatMs?: number;
  /** Open consoles one account may hold; more answer 429. */
  maxStreamsPerUser?: number;
}

/**
 * GET /api/servers/:id/console: the server's console as server-sent events, proxied from the
 * panel (the browser never talks to the panel). `event: line` with `data: {"line","at"}`: the
 * recent lines first, then live ones; a heartbeat comment keeps proxies from closing it; when the
 * panel ends the console, `event: end` with `data: {"reason"}` and the stream closes.
 * POST /api/servers/:id/command sends one line to the server.
 */
export function consoleRoutes(deps: ManagementDeps, options: ConsoleOptions = {}): FastifyPluginAsyncZod {
  // At most 30 s between checks, so a console ends within that of its session ending.
  const heartbeatMs = Math.min(options.heartbeatMs ?? 25_000, 30_000);
  const maxStreams = options.maxStreamsPerUser ?? 10;
  return async (app) => {
    const open = new Set<() => void>();
    const perUser = new Map<string, number>();
    app.addHook('preClose', async () => {
      for (const close of [...open]) close();
    });

    app.get(
      '/servers/:id/console',
      { onRequest: signedIn, schema: { tags: ['servers'], summary: 'The live console (text/event-stream); 409 when the server is not ready', params } },
      async (request, reply) => {
        const user = requireUser(request);
        const sessionId = requireSessionId(request);
        const { server } = await serverFor(deps.db, user.id, request.params.id, 'console');
        const serverId = server.id;
        const ref = manageable(server);
        const count = perUser.get(user.id) ?? 0;
        if (count >= maxStreams) throw new HttpError(429, 'rate_limited', 'Too many open consoles.');
        perUser.set(user.id, count + 1);

        const stream = new PassThrough();
        stream.write(': console\n\n');
        let closed = false;
        const timers: { heartbeat?: NodeJS.Timeout; unsubscribe?: () => void } = {};
        let session: { close(): void } | undefined;
        const close = () => {
          if (closed) return;
          closed = true;
          clearInterval(timers.heartbeat);
          timers.unsubscribe?.();
          session?.close();
          open.delete(close);
          const left = (perUser.get(user.id) ?? 1) - 1;
          if (left > 0) perUser.set(user.id, left);
          else perUser.delete(user.id);
          stream.end();
        };
        try {
          session = await onPanel(deps, 'console', () =>
            deps.panel.openConsole(ref, {
              line: (l) => {
                if (!closed) stream.write(`event: line\ndata: ${JSON.stringify({ line: l.line, at: l.at.toISOString() })}\n\n`);
              },
              closed: (reason) => {
                if (!closed) stream.write(`event: end\ndata: ${JSON.stringify({ reason })}\n\n`);
                close();
              },
            }),
          );
        } catch (error) {
          close();
          throw error;
        }
        if (closed) session.close();
        open.add(close);
        // The stream ends once its opener may no longer read it: signed out (here or everywhere),
        // a password reset, the account suspended, removed from the server, the console permission
        // taken away, the server suspended. The owner's change notifies them; the heartbeat checks
        // all of it, so nothing outlives its session by more than one heartbeat.
        let checking = false;
        const end = (reason: string) => {
          stream.write(`event: end\ndata: ${JSON.stringify({ reason })}\n\n`);
          close();
        };
        const stillAllowed = async () => {
          if (closed || checking) return;
          checking = true;
          try {
            if (!(await sessionIsLive(deps, sessionId))) {
              if (!closed) end('You were signed out. Sign in again to open the console.');
              return;
            }
            manageable((await serverFor(deps.db, user.id, serverId, 'console')).server);
          } catch (error) {
            if (!(error instanceof HttpError) || closed) return;
            end(error.statusCode === 409 ? error.message : 'Your access to this console was removed.');
          } finally {
            checking = false;
          }
        };
        timers.unsubscribe = deps.events.subscribe(user.id, (event) => {
          if (event.topic === 'servers' && event.id === serverId) void stillAllowed();
        });
        timers.heartbeat = setInterval(() => {
          stream.write(': heartbeat\n\n');
          void stillAllowed();
        }, heartbeatMs);
        reply.raw.on('close', close);
        return reply
          .header('content-type', 'text/event-stream; charset=utf-8')
          .header('cache-control', 'no-cache, no-transform')
          .header('x-accel-buffering', 'no')
          .send(stream);
      },
    );

    app.post(
      '/servers/:id/command',
      {
        onRequest: signedIn,
        config: { rateLimit: { max: 60, timeWindow: '1 minute', keyGenerator: (r: { user: { id: string } | null; ip: string }) => r.user?.id ?? r.ip } },
        schema: { tags: ['servers'], summary: 'Send a console command; 409 server_offline when the server is not running', params, body: consoleCommandSchema },
      },
      async (request, reply) => {
        const { server } = await serverFor(deps.db, requireUser(request).id, request.params.id, 'console');
        const ref = manageable(server);
        if (server.status === 'offline' || server.status === 'stopping') throw serverConflict('server_offline');
        await onPanel(deps, 'command', () => deps.panel.sendCommand(ref, request.body.command));
        return reply.status(204).send();
      },
    );
  };
}
