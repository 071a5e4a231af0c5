/**
 * Measurements 3 and 4: the money path, from a verified payment to a server.
 *
 * Both boot the real app in-process (createTestApp on PGlite, the simulated panel with no install
 * delay) and start its pg-boss workers with their production settings (JOB_CONCURRENCY, the
 * 2 s idle poll; a send wakes the workers at once). Payments go through the built-in provider's
 * signed webhook, POST /api/webhooks/local, exactly as the hosted checkout delivers it: the
 * session is marked paid as the card charge does, then the provider's own `signedEvent` builds
 * and HMAC-signs the body. Building it here (rather than calling /pay) gives the event id, so the
 * concurrency run can deliver each event twice, and the latency run can time the webhook answer.
 */
import { eq } from 'drizzle-orm';
import { localCheckoutSessions } from '../src/server/db/schema';
import { isLocalProvider, type LocalPaymentProvider } from '../src/server/integrations/payments/local-provider';
import { randomToken } from '../src/server/lib/secrets';
import { createSignedInUser, createTestApp, type TestContext } from '../src/server/test/test-app';

export const LATENCY_ORDERS = 20;
export const CONCURRENT_ORDERS = 50;
const POLL_MS = 5;
/** Per order: a server not `installing` (or later) this long after the webhook answer is stuck. */
const STUCK_AFTER_MS = 5_000;
/** Concurrency run: how long provisioning may take to settle before the servers count as stuck. */
const SETTLE_TIMEOUT_MS = 30_000;
const ORDERS_PER_USER = 10;

const minecraftOrder = {
  kind: 'server',
  game: 'minecraft',
  plan: 'minecraft-4gb',
  period: 'monthly',
  location: 'us-west',
  addons: {},
  serverName: 'Bench Valley',
} as const;

/** `installing` or any state a server reaches after it. */
const REACHED = new Set(['installing', 'online', 'offline', 'starting', 'stopping', 'suspended']);
const SETTLED = new Set([...REACHED].filter((s) => s !== 'installing').concat(['failed', 'cancelled']));

const env = {
  SIM_PANEL_INSTALL_SECONDS: '0',
  // 50 concurrent orders is exactly the default per-location capacity; lift it so capacity never
  // decides the outcome (a duplicate would otherwise surface as a no_capacity failure).
  SIM_PANEL_CAPACITY: '1000',
};

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function bootApp(): Promise<{ t: TestContext; provider: LocalPaymentProvider }> {
  const t = await createTestApp('pglite', { env });
  try {
    if (!isLocalProvider(t.app.payments)) throw new Error(`expected the built-in payment provider, got ${t.app.payments.id}`);
    await t.app.jobs.start();
    return { t, provider: t.app.payments };
  } catch (error) {
    await t.close();
    throw error;
  }
}

async function checkout(t: TestContext, cookie: string): Promise<{ orderId: string; sessionId: string }> {
  const res = await t.app.inject({ method: 'POST', url: '/api/checkout', payload: minecraftOrder, headers: { cookie } });
  if (res.statusCode !== 200) throw new Error(`POST /api/checkout answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
  const body = res.json<{ order_id: string; session_id: string }>();
  return { orderId: body.order_id, sessionId: body.session_id };
}

/** The card charge of the built-in checkout (payLocalCheckout), then its signed completion event. */
async function paidEvent(t: TestContext, provider: LocalPaymentProvider, sessionId: string) {
  const [row] = await t.database.db
    .update(localCheckoutSessions)
    .set({ status: 'complete', paymentStatus: 'paid', chargeId: `ch_local_${randomToken(18)}`, cardBrand: 'visa', cardLast4: '4242' })
    .where(eq(localCheckoutSessions.id, sessionId))
    .returning();
  if (!row) throw new Error(`no local checkout session ${sessionId}`);
  const signed = provider.signedEvent(row, 'checkout.session.completed');
  const eventId = (JSON.parse(signed.body) as { id: string }).id;
  return { eventId, ...signed };
}

async function deliver(t: TestContext, event: { body: string; headers: Record<string, string> }) {
  const res = await t.app.inject({ method: 'POST', url: '/api/webhooks/local', payload: event.body, headers: event.headers });
  let duplicate: boolean | undefined;
  try {
    duplicate = res.json<{ duplicate?: boolean }>().duplicate;
  } catch {
    duplicate = undefined;
  }
  return { statusCode: res.statusCode, duplicate, body: res.body };
}

async function serverStatus(t: TestContext, orderId: string): Promise<string | null> {
  const rows = await t.database.query<{ status: string }>('select status from servers where order_id = $1', [orderId]);
  return rows[0]?.status ?? null;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export function median(sorted: number[]): number {
  if (sorted.length === 0) return NaN;
  const mid = sorted.length / 2;
  return Number.isInteger(mid) ? (sorted[mid - 1]! + sorted[mid]!) / 2 : sorted[Math.floor(mid)]!;
}

// ---------------------------------------------------------------------------------------------
// 3. Verified payment → server `installing`

export interface LatencyResult {
  /** ms from the webhook's answer to the first poll (every 5 ms) that saw `installing` or later, sorted. */
  afterAnswer: number[];
  /**
   * Wall-clock ms (1 ms resolution) of the `installing` transition itself, from its activity-log line,
   * relative to the webhook's answer (negative: before the answer) and to its sending; sorted.
   */
  installingVsAnswer: number[];
  installingAfterSend: number[];
  /** ms from sending the webhook to the first poll that saw it (includes verification and fulfilment), sorted. */
  afterSend: number[];
  /** The webhook's own round trip, sorted. */
  webhook: number[];
  /** Status first seen at the moment of detection, per status. */
  seen: Record<string, number>;
  /** Orders whose server did not get there in time, with the status it was left in. */
  stuck: { orderId: string; status: string | null; webhook: string }[];
  bootMs: number;
  totalMs: number;
}

export async function measurePaymentToInstalling(log: (line: string) => void = () => {}): Promise<LatencyResult> {
  const started = performance.now();
  const { t, provider } = await bootApp();
  const bootMs = performance.now() - started;
  const result: LatencyResult = { afterAnswer: [], installingVsAnswer: [], installingAfterSend: [], afterSend: [], webhook: [], seen: {}, stuck: [], bootMs, totalMs: 0 };
  try {
    for (let i = 0; i < LATENCY_ORDERS; i += 1) {
      const user = await createSignedInUser(t);
      const { orderId, sessionId } = await checkout(t, user.cookie);
      const event = await paidEvent(t, provider, sessionId);

      const sent = performance.now();
      const sentWall = Date.now();
      const answer = await deliver(t, event);
      const answered = performance.now();
      const answeredWall = Date.now();
      if (answer.statusCode !== 200 || answer.duplicate !== false) {
        result.stuck.push({ orderId, status: await serverStatus(t, orderId), webhook: `${answer.statusCode} ${answer.body.slice(0, 200)}` });
        continue;
      }

      let status: string | null = null;
      let seenAt = 0;
      for (;;) {
        status = await serverStatus(t, orderId);
        seenAt = performance.now();
        if (status && (REACHED.has(status) || status === 'failed' || status === 'cancelled')) break;
        if (seenAt - answered > STUCK_AFTER_MS) break;
        await sleep(POLL_MS);
      }
      if (status && REACHED.has(status)) {
        result.afterAnswer.push(seenAt - answered);
        // When the row actually turned `installing`: the activity line written right after that transition.
        const [line] = await t.database.query<{ at: Date | string }>(
          `select a.created_at as at from activity_log a join servers s on s.id::text = a.subject_id
            where s.order_id = $1 and a.kind = 'server' and a.message like '%is installing' order by a.created_at limit 1`,
          [orderId],
        );
        if (line) {
          const at = new Date(line.at).getTime();
          result.installingVsAnswer.push(at - answeredWall);
          result.installingAfterSend.push(at - sentWall);
        }
        result.afterSend.push(seenAt - sent);
        result.webhook.push(answered - sent);
        result.seen[status] = (result.seen[status] ?? 0) + 1;
      } else {
        result.stuck.push({ orderId, status, webhook: `${answer.statusCode}` });
        if (result.stuck.length >= 3) {
          log(`    3 orders stuck; stopping after ${i + 1} orders`);
          break;
        }
      }
    }
  } finally {
    await t.close();
  }
  for (const list of [result.afterAnswer, result.afterSend, result.webhook, result.installingVsAnswer, result.installingAfterSend]) list.sort((a, b) => a - b);
  result.totalMs = performance.now() - started;
  return result;
}

// ---------------------------------------------------------------------------------------------
// 4. 50 checkouts paid at once, every webhook delivered twice

export interface ConcurrencyResult {
  orders: number;
  users: number;
  deliveries: { total: number; ok: number; processed: number; duplicates: number; failures: string[] };
  deliverMs: number;
  settled: boolean;
  settleMs: number;
  counts: {
    ordersPaid: number;
    purchases: number;
    invoices: number;
    servers: number;
    maxServersPerOrder: number;
    ordersWithoutServer: number;
    maxPurchasesPerOrder: number;
    maxInvoicesPerOrder: number;
    panelServers: number;
    webhookEventsProcessed: number;
    liveJobs: number;
  };
  serverStatuses: Record<string, number>;
  orderStatuses: Record<string, number>;
  /** Failure reasons of failed servers, and orders with a count other than one, as evidence. */
  anomalies: string[];
  bootMs: number;
  totalMs: number;
}

const tally = (rows: { k: string; n: number | string }[]) => Object.fromEntries(rows.map((r) => [r.k, Number(r.n)]));

export async function measureConcurrentDoublePaid(log: (line: string) => void = () => {}): Promise<ConcurrencyResult> {
  const started = performance.now();
  const { t, provider } = await bootApp();
  const bootMs = performance.now() - started;
  try {
    // Under the checkout limit of 60 per minute per user.
    const users = Math.ceil(CONCURRENT_ORDERS / ORDERS_PER_USER);
    const orders: { orderId: string; sessionId: string }[] = [];
    for (let u = 0; u < users; u += 1) {
      const user = await createSignedInUser(t);
      for (let i = 0; i < ORDERS_PER_USER && orders.length < CONCURRENT_ORDERS; i += 1) orders.push(await checkout(t, user.cookie));
    }
    const orderIds = orders.map((o) => o.orderId);
    const events = [];
    for (const o of orders) events.push(await paidEvent(t, provider, o.sessionId));
    log(`    ${orders.length} orders over ${users} users; delivering ${events.length * 2} webhooks at once ...`);

    // Each event twice, side by side, so the two copies race each other and every other order.
    const sendStart = performance.now();
    const answers = await Promise.all(events.flatMap((e) => [deliver(t, e), deliver(t, e)]));
    const deliverMs = performance.now() - sendStart;
    const failures = answers.filter((a) => a.statusCode !== 200).map((a) => `${a.statusCode} ${a.body.slice(0, 200)}`);

    // Settle: no provisioning job queued, retrying or running, and every server past `installing`.
    const settleStart = performance.now();
    let settled = false;
    while (performance.now() - settleStart < SETTLE_TIMEOUT_MS) {
      const [live] = await t.database.query<{ n: number | string }>(
        `select count(*) as n from pgboss.job where name = 'provision-server' and state < 'completed'`,
      );
      const rows = await t.database.query<{ status: string }>('select status from servers where order_id = any($1::uuid[])', [orderIds]);
      if (Number(live?.n ?? 0) === 0 && rows.every((r) => SETTLED.has(r.status))) {
        settled = true;
        break;
      }
      await sleep(25);
    }
    const settleMs = performance.now() - settleStart;

    const ids = [orderIds];
    const one = async (sql: string, params: unknown[] = ids) =>
      Number((await t.database.query<{ n: number | string | null }>(sql, params))[0]?.n ?? 0);
    const perOrder = (table: string) =>
      `select o.id, count(x.id)::int as n from orders o left join ${table} x on x.order_id = o.id where o.id = any($1::uuid[]) group by o.id`;
    const counts = {
      ordersPaid: await one(`select count(*) as n from orders where id = any($1::uuid[]) and status = 'paid'`),
      purchases: await one(`select count(*) as n from purchases where order_id = any($1::uuid[])`),
      invoices: await one(`select count(*) as n from invoices where order_id = any($1::uuid[])`),
      servers: await one(`select count(*) as n from servers where order_id = any($1::uuid[])`),
      maxServersPerOrder: await one(`select max(n) as n from (${perOrder('servers')}) c`),
      ordersWithoutServer: await one(`select count(*) as n from (${perOrder('servers')}) c where n = 0`),
      maxPurchasesPerOrder: await one(`select max(n) as n from (${perOrder('purchases')}) c`),
      maxInvoicesPerOrder: await one(`select max(n) as n from (${perOrder('invoices')}) c`),
      panelServers: await one(
        `select count(*) as n from sim_panel_servers p join servers s on s.id::text = p.external_id where s.order_id = any($1::uuid[])`,
      ),
      webhookEventsProcessed: await one(`select count(*) as n from webhook_events where provider = 'local' and processed_at is not null`, []),
      liveJobs: await one(`select count(*) as n from pgboss.job where name = 'provision-server' and state < 'completed'`, []),
    };
    const serverStatuses = tally(
      await t.database.query<{ k: string; n: number }>(
        'select status as k, count(*) as n from servers where order_id = any($1::uuid[]) group by status order by status',
        ids,
      ),
    );
    const orderStatuses = tally(
      await t.database.query<{ k: string; n: number }>(
        'select status as k, count(*) as n from orders where id = any($1::uuid[]) group by status order by status',
        ids,
      ),
    );
    const anomalies: string[] = [];
    for (const r of await t.database.query<{ id: string; status: string; failure_reason: string | null }>(
      `select id, status, failure_reason from servers where order_id = any($1::uuid[]) and status not in ('online')`,
      ids,
    )) {
      anomalies.push(`server ${r.id}: ${r.status}${r.failure_reason ? ` (${r.failure_reason})` : ''}`);
    }
    for (const r of await t.database.query<{ id: string; s: number; p: number; i: number }>(
      `select o.id, (select count(*) from servers where order_id = o.id)::int as s,
              (select count(*) from purchases where order_id = o.id)::int as p,
              (select count(*) from invoices where order_id = o.id)::int as i
         from orders o where o.id = any($1::uuid[])`,
      ids,
    )) {
      if (r.s !== 1 || r.p !== 1 || r.i !== 1) anomalies.push(`order ${r.id}: ${r.p} purchases, ${r.i} invoices, ${r.s} servers`);
    }

    return {
      orders: orders.length,
      users,
      deliveries: {
        total: answers.length,
        ok: answers.length - failures.length,
        processed: answers.filter((a) => a.statusCode === 200 && a.duplicate === false).length,
        duplicates: answers.filter((a) => a.statusCode === 200 && a.duplicate === true).length,
        failures,
      },
      deliverMs,
      settled,
      settleMs,
      counts,
      serverStatuses,
      orderStatuses,
      anomalies,
      bootMs,
      totalMs: performance.now() - started,
    };
  } finally {
    await t.close();
  }
}
