import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { createInProcessBus, type ChangeEvent, type EventBus } from './events';

export interface PgEventBusOptions {
  connectionString: string;
  /** Runs SQL on the app's pool; used for NOTIFY. */
  query(sql: string, params: unknown[]): Promise<unknown>;
  log: { warn(obj: object, msg?: string): void };
  channel?: string;
}

interface Notice {
  /** The instance that published it; it has already told its own listeners. */
  from: string;
  userId: string;
  event: ChangeEvent;
}

const MAX_BACKOFF_MS = 30_000;

/**
 * Change notices shared by every app instance on one PostgreSQL database: a publish tells this
 * instance's listeners at once and the others through NOTIFY; each instance LISTENs on one
 * dedicated connection, opened with the first subscriber and reopened if it drops.
 */
export function createPgEventBus(options: PgEventBusOptions): EventBus {
  const channel = options.channel ?? 'spawnpoint_changes';
  const instance = randomUUID();
  const local = createInProcessBus();
  let client: pg.Client | null = null;
  let connecting: Promise<void> | null = null;
  let closed = false;
  let backoff = 500;
  let retryTimer: NodeJS.Timeout | null = null;

  function onNotification(message: pg.Notification) {
    if (message.channel !== channel || !message.payload) return;
    try {
      const notice = JSON.parse(message.payload) as Notice;
      if (notice.from !== instance) local.publish(notice.userId, notice.event);
    } catch {
      // Not ours: someone else NOTIFYing on the channel.
    }
  }

  function scheduleReconnect() {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void listen();
    }, backoff);
    retryTimer.unref();
    backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
  }

  function listen(): Promise<void> {
    if (closed || client) return Promise.resolve();
    connecting ??= (async () => {
      const c = new pg.Client({ connectionString: options.connectionString, application_name: 'spawnpoint-events' });
      c.on('notification', onNotification);
      const lost = (error?: Error) => {
        if (client !== c) return;
        client = null;
        if (closed) return;
        options.log.warn({ err: error }, 'change-notice connection lost; reconnecting');
        c.end().catch(() => undefined);
        scheduleReconnect();
      };
      c.on('error', lost);
      c.on('end', () => lost());
      try {
        await c.connect();
        await c.query(`LISTEN ${channel}`);
        if (closed) {
          await c.end();
          return;
        }
        client = c;
        backoff = 500;
      } catch (error) {
        options.log.warn({ err: error }, 'could not LISTEN for change notices; retrying');
        c.end().catch(() => undefined);
        scheduleReconnect();
      }
    })().finally(() => {
      connecting = null;
    });
    return connecting;
  }

  return {
    publish(userId, event) {
      local.publish(userId, event);
      const payload = JSON.stringify({ from: instance, userId, event } satisfies Notice);
      options.query('select pg_notify($1, $2)', [channel, payload]).catch((error: unknown) => {
        options.log.warn({ err: error }, 'could not NOTIFY a change notice');
      });
    },
    subscribe(userId, listener) {
      void listen();
      return local.subscribe(userId, listener);
    },
    ready: () => listen(),
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      await connecting;
      const c = client;
      client = null;
      await c?.end().catch(() => undefined);
      await local.close();
    },
  };
}

/** LISTEN/NOTIFY between instances on PostgreSQL; in-process on PGlite, which one process owns. */
export function eventBusFor(
  database: { connectionString?: string; query(sql: string, params?: unknown[]): Promise<unknown> },
  log: PgEventBusOptions['log'],
): EventBus {
  if (!database.connectionString) return createInProcessBus();
  return createPgEventBus({
    connectionString: database.connectionString,
    query: (sql, params) => database.query(sql, params),
    log,
  });
}
