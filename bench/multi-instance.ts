/**
 * Scale run on PostgreSQL: two instances of the compiled server on one database, N checkouts paid
 * at once, each payment's webhook delivered twice (once to each instance), and one instance
 * SIGKILLed midway through the payments and started again. Every order must end with exactly one
 * purchase, invoice and server, and every server online within 2 minutes of the last payment.
 *
 * Run alone: `npx tsx bench/multi-instance.ts [orders]` (writes its section into bench/results.md);
 * `npm run bench` runs it with SCALE_ORDERS (default 1000).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildServer } from '../scripts/build-server';
import { hashPassword } from '../src/server/features/auth/passwords';
import { LOCAL_SIGNATURE_HEADER, signWebhook } from '../src/server/integrations/payments/webhook-signature';
import { median, percentile } from './money-path';

export const SCALE_ORDERS = Number(process.env.SCALE_ORDERS ?? 1000);
const ONLINE_WITHIN_MS = 2 * 60_000;
const SCALE_JOB_CONCURRENCY = Number(process.env.SCALE_JOB_CONCURRENCY ?? 16);
const ORDERS_PER_USER = 20;
/** Requests in flight at once from the bench (all N are queued at once; this is the client's connection pool). */
const IN_FLIGHT = 200;
const root = path.resolve(import.meta.dirname, '..');

const order = {
  kind: 'server',
  game: 'minecraft',
  plan: 'minecraft-4gb',
  period: 'monthly',
  location: 'us-west',
  addons: {},
  serverName: 'Scale Valley',
} as const;

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Runs `work` over `items`, at most `limit` at once. */
async function pool<T, R>(items: T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await work(items[i]!, i);
      }
    }),
  );
  return out;
}

interface Instance {
  name: string;
  port: number;
  url: string;
  child: ChildProcess;
  starts: number;
}

export interface ScaleResult {
  orders: number;
  users: number;
  checkout: { latencies: number[]; ms: number; failures: string[] };
  webhooks: { latencies: number[]; ms: number; firstRoundMs: number; sent: number; processed: number; duplicates: number; refused: number; asked: number; down: number; redelivered: number; failures: string[] };
  kill: { afterPayments: number; downMs: number; heldAtKill: number; orphansTakenOver: number };
  settle: { allOnline: boolean; lastPaymentToAllOnlineMs: number; paymentToOnline: number[] };
  counts: { ordersPaid: number; purchases: number; invoices: number; servers: number; panelServers: number; badOrders: number; serverStatuses: Record<string, number>; liveJobs: number };
  anomalies: string[];
  load: { start: number[]; end: number[] };
  wallMs: number;
}

export async function measureScale(orders = SCALE_ORDERS, log: (line: string) => void = () => {}): Promise<ScaleResult> {
  const wallStart = Date.now();
  const loadStart = os.loadavg();
  const base = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const main = await buildServer(path.join(root, 'dist', 'scale-server'));
  const name = `sp_bench_scale_${process.pid}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const dbUrl = new URL(base);
  dbUrl.pathname = `/${name}`;
  const db = new pg.Pool({ connectionString: dbUrl.toString(), max: 4 });
  // An idle connection ended by the server (another process's pg_terminate_backend) is replaced on demand.
  db.on('error', () => undefined);
  const instances: Instance[] = [];

  function spawnInstance(instance: Omit<Instance, 'child' | 'starts'> & { starts?: number }): Instance {
    const child = spawn(process.execPath, [main], {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'development',
        PORT: String(instance.port),
        HOST: '127.0.0.1',
        PUBLIC_URL: instance.url,
        DATABASE_URL: dbUrl.toString(),
        LOG_LEVEL: 'warn',
        // Installs take a few seconds, so provisioning jobs are in flight when an instance dies.
        SIM_PANEL_INSTALL_SECONDS: '5',
        SIM_PANEL_CAPACITY: String(orders * 2),
        // A host expecting bursts of orders runs more jobs at once than the default 4: a provisioning
        // step mostly waits on the panel and the database, and installs are polled, not waited for.
        JOB_CONCURRENCY: String(SCALE_JOB_CONCURRENCY),
        // Every sign-in comes from the bench's one address.
        AUTH_IP_LIMIT_SCALE: '100',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const started = { ...instance, child, starts: (instance.starts ?? 0) + 1 };
    return started;
  }

  async function ready(instance: Instance, timeoutMs = 90_000) {
    const t0 = Date.now();
    for (;;) {
      if ((await fetch(`${instance.url}/api/ready`).then((r) => r.status, () => 0)) === 200) return Date.now() - t0;
      if (instance.child.exitCode !== null) throw new Error(`${instance.name} exited with ${instance.child.exitCode}`);
      if (Date.now() - t0 > timeoutMs) throw new Error(`${instance.name} not ready within ${timeoutMs / 1000} s`);
      await sleep(100);
    }
  }

  try {
    for (const label of ['A', 'B']) {
      const port = await freePort();
      instances.push(spawnInstance({ name: label, port, url: `http://127.0.0.1:${port}` }));
    }
    // One after the other: the first migrates and seeds; the second finds it done (it would wait on the lock anyway).
    for (const instance of instances) log(`    instance ${instance.name} ready in ${await ready(instance)} ms`);
    const [a, b] = instances as [Instance, Instance];

    // Customers: inserted with one password hash, verified, with billing details; signed in through the API.
    const users = Math.ceil(orders / ORDERS_PER_USER);
    const password = 'scale run password';
    const hash = await hashPassword(password);
    const emails: string[] = [];
    for (let u = 0; u < users; u += 1) {
      const id = randomUUID();
      const email = `scale-${u}-${id.slice(0, 6)}@example.test`;
      emails.push(email);
      await db.query(
        `insert into users (id, email, password_hash, referral_code, role, email_verified_at, created_at, updated_at)
         values ($1, $2, $3, $4, 'customer', now(), now(), now())`,
        [id, email, hash, `SCALE${u}${id.slice(0, 4)}`.toUpperCase()],
      );
      await db.query(
        `insert into billing_details (user_id, name, address, country, region, postal_code, vat_id, updated_at)
         values ($1, 'Scale Customer', '', 'US', '', '94103', '', now())`,
        [id],
      );
    }
    const cookies = await pool(emails, 10, async (email, i) => {
      const target = i % 2 === 0 ? a : b;
      const res = await fetch(`${target.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      if (res.status !== 200) throw new Error(`sign-in answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
      const cookie = res.headers.getSetCookie().find((c) => c.startsWith('sp_session='));
      if (!cookie) throw new Error('no session cookie');
      return cookie.split(';')[0]!;
    });
    log(`    ${users} customers signed in; ${orders} checkouts at once (${IN_FLIGHT} in flight), alternating instances ...`);

    // 1. N checkouts at once, alternating instances.
    const checkoutLatencies: number[] = [];
    const checkoutFailures: string[] = [];
    const checkoutStart = performance.now();
    const sessions = await pool(
      Array.from({ length: orders }, (_, i) => i),
      IN_FLIGHT,
      async (i) => {
        const target = i % 2 === 0 ? a : b;
        const t0 = performance.now();
        const res = await fetch(`${target.url}/api/checkout`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: cookies[Math.floor(i / ORDERS_PER_USER)]! },
          body: JSON.stringify({ ...order, serverName: `Scale ${i}` }),
        });
        checkoutLatencies.push(performance.now() - t0);
        const text = await res.text();
        if (res.status !== 200) {
          checkoutFailures.push(`${res.status} ${text.slice(0, 200)}`);
          return null;
        }
        const body = JSON.parse(text) as { order_id: string; session_id: string };
        return { orderId: body.order_id, sessionId: body.session_id };
      },
    );
    const checkoutMs = performance.now() - checkoutStart;
    const placed = sessions.filter((s): s is { orderId: string; sessionId: string } => s !== null);
    const orderIds = placed.map((s) => s.orderId);
    log(`    ${placed.length} checkouts in ${(checkoutMs / 1000).toFixed(1)} s (${checkoutFailures.length} failed)`);

    // 2. The card charges (as the built-in checkout's pay step marks them), signed with the secret both instances share.
    const [secretRow] = (await db.query<{ value: string }>(`select value from app_secrets where name = 'local-payments-webhook'`)).rows;
    if (!secretRow) throw new Error('no stored local-payments secret');
    const secret = secretRow.value;
    const events = [];
    for (const s of placed) {
      const charge = `ch_local_scale_${randomUUID().slice(0, 12)}`;
      const { rows } = await db.query<{ amount_cents: number }>(
        `update local_checkout_sessions set status = 'complete', payment_status = 'paid', charge_id = $2, card_brand = 'visa', card_last4 = '4242'
         where id = $1 returning amount_cents`,
        [s.sessionId, charge],
      );
      const body = JSON.stringify({
        id: `evt_local_scale_${randomUUID()}`,
        type: 'checkout.session.completed',
        created: Math.floor(Date.now() / 1000),
        data: { object: { id: s.sessionId, order_id: s.orderId, status: 'complete', payment_status: 'paid', amount_total: rows[0]!.amount_cents, payment_id: charge } },
      });
      events.push({ orderId: s.orderId, body });
    }

    // 3. Every webhook to both instances at once; B is SIGKILLed after half the payments, and started again.
    const webhookLatencies: number[] = [];
    const answers = { processed: 0, duplicates: 0, refused: 0, asked: 0, down: 0, failures: [] as string[] };
    const paidAt = new Map<string, number>();
    const undelivered: { instance: 'A' | 'B'; body: string }[] = [];
    let sentPayments = 0;
    let killedAt = 0;
    let heldAtKill: string[] = [];
    let killedAfter = 0;
    let restartedAt = 0;
    let restart: Promise<void> | null = null;

    /** 'ok' on 200; 'retry' when the instance is down or asks for a redelivery (409 while another copy is handled). */
    async function deliver(target: Instance, body: string): Promise<'ok' | 'retry'> {
      const headers = { 'content-type': 'application/json', [LOCAL_SIGNATURE_HEADER]: signWebhook(secret, body, new Date()) };
      const t0 = performance.now();
      try {
        const res = await fetch(`${target.url}/api/webhooks/local`, { method: 'POST', headers, body });
        const text = await res.text();
        webhookLatencies.push(performance.now() - t0);
        if (res.status === 200) {
          if ((JSON.parse(text) as { duplicate?: boolean }).duplicate) answers.duplicates += 1;
          else answers.processed += 1;
          return 'ok';
        }
        if (res.status === 409) {
          answers.asked += 1;
          return 'retry';
        }
        answers.refused += 1;
        answers.failures.push(`${target.name} ${res.status} ${text.slice(0, 160)}`);
        return 'ok';
      } catch {
        answers.down += 1;
        return 'retry';
      }
    }

    const webhookStart = performance.now();
    await pool(events, IN_FLIGHT / 2, async (event) => {
      paidAt.set(event.orderId, Date.now());
      const [onA, onB] = await Promise.all([deliver(instances[0]!, event.body), deliver(instances[1]!, event.body)]);
      if (onA === 'retry') undelivered.push({ instance: 'A', body: event.body });
      if (onB === 'retry') undelivered.push({ instance: 'B', body: event.body });
      sentPayments += 1;
      if (!killedAt && sentPayments >= Math.floor(events.length / 2)) {
        killedAt = Date.now();
        killedAfter = sentPayments;
        const victim = instances[1]!.child;
        victim.kill('SIGKILL');
        // The jobs B was running when it died (its leases: instance ids are host:pid:random).
        heldAtKill = (
          await db.query<{ id: string }>(
            `select j.id from job_leases l join pgboss.job j on j.id = l.job_id where j.state = 'active' and l.instance_id like $1`,
            [`%:${victim.pid}:%`],
          )
        ).rows.map((r) => r.id);
        log(`    SIGKILL to instance B after ${sentPayments} payments; starting it again ...`);
        restart = (async () => {
          await new Promise((r) => (instances[1]!.child.exitCode !== null || instances[1]!.child.signalCode ? r(null) : instances[1]!.child.once('exit', r)));
          instances[1] = spawnInstance(instances[1]!);
          await ready(instances[1]!);
          restartedAt = Date.now();
          log(`    instance B ready again ${((restartedAt - killedAt) / 1000).toFixed(1)} s after the kill`);
        })();
      }
    });
    const firstRoundMs = performance.now() - webhookStart;
    if (restart) await restart;
    // Deliveries that failed (B down) or were asked for again (409), retried every 5 s as a payment provider does.
    let redelivered = 0;
    let pending = undelivered;
    const retryUntil = Date.now() + 3 * 60_000;
    while (pending.length > 0 && Date.now() < retryUntil) {
      await sleep(5_000);
      redelivered += pending.length;
      const again: typeof pending = [];
      await pool(pending, 20, async (miss) => {
        if ((await deliver(miss.instance === 'A' ? instances[0]! : instances[1]!, miss.body)) === 'retry') again.push(miss);
      });
      pending = again;
    }
    if (pending.length > 0) answers.failures.push(`${pending.length} deliveries never accepted`);
    const webhookMs = performance.now() - webhookStart;
    const lastPayment = Math.max(...paidAt.values());
    log(`    ${events.length * 2 + redelivered} webhook deliveries in ${(webhookMs / 1000).toFixed(1)} s (${redelivered} redeliveries); waiting for every server ...`);

    // 4. Every server online within 2 minutes of the last payment.
    let allOnline = false;
    let lastPaymentToAllOnlineMs = NaN;
    for (;;) {
      const { rows } = await db.query<{ n: string }>(
        `select count(*) as n from servers where order_id = any($1::uuid[]) and status = 'online'`,
        [orderIds],
      );
      if (Number(rows[0]?.n) === orderIds.length) {
        allOnline = true;
        lastPaymentToAllOnlineMs = Date.now() - lastPayment;
        break;
      }
      if (Date.now() - lastPayment > ONLINE_WITHIN_MS + 30_000) break;
      await sleep(250);
    }

    const one = async (sql: string, params: unknown[] = [orderIds]) => Number((await db.query<{ n: string | null }>(sql, params)).rows[0]?.n ?? 0);
    const counts = {
      ordersPaid: await one(`select count(*) as n from orders where id = any($1::uuid[]) and status = 'paid'`),
      purchases: await one(`select count(*) as n from purchases where order_id = any($1::uuid[])`),
      invoices: await one(`select count(*) as n from invoices where order_id = any($1::uuid[])`),
      servers: await one(`select count(*) as n from servers where order_id = any($1::uuid[])`),
      panelServers: await one(
        `select count(*) as n from sim_panel_servers p join servers s on s.id::text = p.external_id where s.order_id = any($1::uuid[])`,
      ),
      badOrders: await one(
        `select count(*) as n from orders o where o.id = any($1::uuid[]) and (
           (select count(*) from purchases where order_id = o.id) <> 1 or (select count(*) from invoices where order_id = o.id) <> 1
           or (select count(*) from servers where order_id = o.id) <> 1)`,
      ),
      serverStatuses: Object.fromEntries(
        (
          await db.query<{ k: string; n: string }>(
            'select status as k, count(*) as n from servers where order_id = any($1::uuid[]) group by status order by status',
            [orderIds],
          )
        ).rows.map((r) => [r.k, Number(r.n)]),
      ),
      liveJobs: await one(`select count(*) as n from pgboss.job where name = 'provision-server' and state < 'completed'`, []),
    };
    const onlineRows = (
      await db.query<{ order_id: string; at: Date }>(
        `select s.order_id, min(a.created_at) as at from activity_log a join servers s on s.id::text = a.subject_id
         where s.order_id = any($1::uuid[]) and a.kind = 'server' and a.message like '%is online' group by s.order_id`,
        [orderIds],
      )
    ).rows;
    const paymentToOnline = onlineRows.map((r) => new Date(r.at).getTime() - (paidAt.get(r.order_id) ?? NaN)).filter(Number.isFinite).sort((x, y) => x - y);
    const orphansTakenOver = heldAtKill.length
      ? await one(`select count(*) as n from pgboss.job where id = any($1::uuid[]) and state = 'completed'`, [heldAtKill])
      : 0;
    const anomalies: string[] = [];
    for (const r of (
      await db.query<{ id: string; status: string; failure_reason: string | null }>(
        `select id, status, failure_reason from servers where order_id = any($1::uuid[]) and status <> 'online' limit 10`,
        [orderIds],
      )
    ).rows) {
      anomalies.push(`server ${r.id}: ${r.status}${r.failure_reason ? ` (${r.failure_reason})` : ''}`);
    }

    return {
      orders: placed.length,
      users,
      checkout: { latencies: checkoutLatencies.sort((x, y) => x - y), ms: checkoutMs, failures: checkoutFailures },
      webhooks: {
        latencies: webhookLatencies.sort((x, y) => x - y),
        ms: webhookMs,
        firstRoundMs,
        sent: events.length * 2 + redelivered,
        processed: answers.processed,
        duplicates: answers.duplicates,
        refused: answers.refused,
        asked: answers.asked,
        down: answers.down,
        redelivered,
        failures: answers.failures,
      },
      kill: { afterPayments: killedAfter, downMs: restartedAt - killedAt, heldAtKill: heldAtKill.length, orphansTakenOver },
      settle: { allOnline, lastPaymentToAllOnlineMs, paymentToOnline },
      counts,
      anomalies,
      load: { start: loadStart, end: os.loadavg() },
      wallMs: Date.now() - wallStart,
    };
  } finally {
    for (const instance of instances) {
      if (instance.child.exitCode === null && !instance.child.signalCode) {
        instance.child.kill('SIGTERM');
        await new Promise((r) => instance.child.once('exit', r));
      }
    }
    await db.end();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

const ms = (n: number) => (Number.isFinite(n) ? `${n.toFixed(0)} ms` : '—');
const spread = (xs: number[]) => `p50 ${ms(median(xs))}, p95 ${ms(percentile(xs, 95))}, p99 ${ms(percentile(xs, 99))}, max ${ms(xs.at(-1) ?? NaN)}`;

/** The markdown section of results.md, and whether every requirement held. */
export function scaleReport(r: ScaleResult, requested: number): { markdown: string; ok: boolean } {
  const c = r.counts;
  const n = requested;
  const exactlyOnce = r.orders === n && c.ordersPaid === n && c.purchases === n && c.invoices === n && c.servers === n && c.panelServers === n && c.badOrders === 0;
  const online = r.settle.allOnline && r.settle.lastPaymentToAllOnlineMs <= ONLINE_WITHIN_MS;
  // Processed answers can be fewer than orders: B may fulfil an order and die before answering; the redelivery is then a duplicate.
  const webhooksOk = r.webhooks.refused === 0 && r.webhooks.failures.length === 0;
  const ok = exactlyOnce && online && webhooksOk;
  const verdict = (b: boolean) => (b ? 'PASS' : '**FAIL**');
  const load = (xs: number[]) => xs.map((x) => x.toFixed(2)).join(' / ');
  const markdown = [
    `## Several instances on PostgreSQL: ${n} paid checkouts, webhooks ×2, one instance killed`,
    '',
    `- Machine: ${os.cpus().length} CPUs, load average (1/5/15 min) ${load(r.load.start)} at start and ${load(r.load.end)} at end${r.load.start[0]! > os.cpus().length ? ' — **the machine was busy with other work**: the latencies and throughput are pessimistic' : ''}; wall time ${(r.wallMs / 1000).toFixed(0)} s.`,
    `- Two instances of the compiled server (\`node dist/…/main.js\`, built-in checkout, simulated panel with 5 s installs, JOB_CONCURRENCY ${SCALE_JOB_CONCURRENCY}) on one fresh PostgreSQL database; the bench is their only client.`,
    '',
    '| Measurement | Value | Requirement | Result |',
    '| --- | --- | --- | --- |',
    `| Checkouts (POST /api/checkout, ${IN_FLIGHT} in flight, alternating instances) | ${r.orders} in ${(r.checkout.ms / 1000).toFixed(1)} s = ${(r.orders / (r.checkout.ms / 1000)).toFixed(1)}/s; ${spread(r.checkout.latencies)}${r.checkout.failures.length ? `; ${r.checkout.failures.length} failed` : ''} | ${n} placed | ${verdict(r.orders === n)} |`,
    `| Paid webhooks, each to both instances | ${r.orders * 2} first deliveries in ${(r.webhooks.firstRoundMs / 1000).toFixed(1)} s = ${((r.orders * 2) / (r.webhooks.firstRoundMs / 1000)).toFixed(1)}/s (${r.webhooks.sent} in all, retries done ${(r.webhooks.ms / 1000).toFixed(1)} s after the first); ${spread(r.webhooks.latencies)}; ${r.webhooks.processed} processed, ${r.webhooks.duplicates} duplicate, ${r.webhooks.refused} refused; ${r.webhooks.down} not answered (B down) and ${r.webhooks.asked} answered 409 (the same event claimed by the killed B), all ${r.webhooks.redelivered} redelivered every 5 s until accepted | every delivery accepted (200) in the end | ${verdict(webhooksOk)} |`,
    `| Instance B SIGKILLed after ${r.kill.afterPayments} payments | back and ready after ${(r.kill.downMs / 1000).toFixed(1)} s; it was running ${r.kill.heldAtKill} job(s), ${r.kill.orphansTakenOver} of them finished since by the others (put back by the sweep of dead instances) | nothing lost | ${verdict(exactlyOnce && online)} |`,
    `| Per order: purchase, invoice, server, panel server | orders paid ${c.ordersPaid}, purchases ${c.purchases}, invoices ${c.invoices}, servers ${c.servers}, panel servers ${c.panelServers}; orders with other than one of each: ${c.badOrders} | exactly one each | ${verdict(exactlyOnce)} |`,
    `| All servers online | ${Object.entries(c.serverStatuses).map(([k, v]) => `${v} ${k}`).join(', ')}; ${r.settle.allOnline ? `all online ${(r.settle.lastPaymentToAllOnlineMs / 1000).toFixed(1)} s after the last payment` : 'not all online'}; provisioning jobs left ${c.liveJobs} | ≤ 120 s after the last payment | ${verdict(online)} |`,
    `| Payment → server online, per order | ${spread(r.settle.paymentToOnline)} (includes the 5 s simulated install) | — | — |`,
    '',
    ...(r.anomalies.length ? [`Servers not online: ${r.anomalies.join('; ')}.`, ''] : []),
    ...(r.webhooks.failures.length ? [`Webhook failures: ${r.webhooks.failures.slice(0, 5).join('; ')}.`, ''] : []),
    ...(r.checkout.failures.length ? [`Checkout failures: ${r.checkout.failures.slice(0, 5).join('; ')}.`, ''] : []),
  ].join('\n');
  return { markdown, ok };
}

/** Replaces (or appends) this run's section of bench/results.md. */
function writeSection(markdown: string) {
  const file = path.join(import.meta.dirname, 'results.md');
  const current = readFileSync(file, 'utf8');
  const start = current.indexOf('## Several instances on PostgreSQL');
  let next = start === -1 ? -1 : current.indexOf('\n## ', start + 1);
  if (start === -1) writeFileSync(file, `${current.trimEnd()}\n\n${markdown}\n`);
  else {
    if (next === -1) next = current.length;
    writeFileSync(file, `${current.slice(0, start)}${markdown}\n${current.slice(next)}`);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const requested = Number(process.argv[2] ?? SCALE_ORDERS);
  const result = await measureScale(requested, (l) => console.log(l));
  const report = scaleReport(result, requested);
  console.log(`\n${report.markdown}`);
  writeSection(report.markdown);
  console.log(report.ok ? 'PASS' : 'FAIL');
}
