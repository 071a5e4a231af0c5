/**
 * Bulk seed for the staff console's scale bench: 100,000 customers and 200,000 paid orders, each
 * with its purchase and invoice, plus abandoned carts, a few thousand servers in every state,
 * renewals (some failing in dunning), refunds with their credit notes, credit, and tickets.
 *
 * Everything is set-based SQL (`insert ... select ... from generate_series`), so the same
 * statements run on PGlite and PostgreSQL. Ids are `md5(<kind>-<n>)::uuid`, so rows can point at
 * each other by formula instead of by join, and the data is the same on every run; only times
 * within their ranges use random(). The database must be freshly migrated with the catalog seeded.
 */
import type { Database } from '../src/server/db/client';

export const SEED = {
  customers: 100_000,
  /** Paid orders; each has one purchase and one invoice. */
  invoices: 200_000,
  /** Orders that were never paid (expired carts, a few still pending). */
  abandonedOrders: 20_000,
  /** Every SERVER_EVERY-th paid order (server orders only) has a servers row. */
  serverEvery: 40,
  tickets: 3_000,
  creditAdjustments: 1_000,
} as const;

/** Odd user numbers up to 2 × buyers buy; the rest only signed up. */
const BUYERS = 45_000;

const firstNames = [
  'Olivia', 'Liam', 'Emma', 'Noah', 'Ava', 'Elijah', 'Sophia', 'Mateo', 'Isabella', 'Lucas', 'Mia', 'Levi',
  'Amelia', 'Ezra', 'Harper', 'Asher', 'Evelyn', 'James', 'Luna', 'Leo', 'Camila', 'Kai', 'Aria', 'Hugo',
  'Nora', 'Felix', 'Zoe', 'Oscar', 'Chloe', 'Arjun', 'Priya', 'Wei', 'Yuki', 'Sven', 'Ingrid', 'Tomasz',
  'Aisha', 'Omar', 'Fatima', 'Diego', 'Lucia', 'Kwame', 'Ama', 'Mikhail', 'Anya', 'Connor', 'Siobhan',
];
const lastNames = [
  'Smith', 'Johnson', 'Williams', 'Brown', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez', 'Lopez',
  'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin', 'Lee', 'Thompson', 'White',
  'Harris', 'Clark', 'Lewis', 'Walker', 'Young', 'King', 'Wright', 'Scott', 'Nguyen', 'Hill', 'Kowalski',
  'Novak', 'Jensen', 'Larsen', 'Schmidt', 'Müller', 'Rossi', 'Bianchi', 'Dubois', 'Okafor', 'Mensah',
  'Tanaka', 'Sato', 'Chen', 'Wang', 'Patel', 'Singh', 'Kim', 'Park', 'Ivanov', "O'Brien", 'Murphy', 'Silva',
];
const domains = ['gmail.com', 'outlook.com', 'proton.me', 'yahoo.com', 'icloud.com', 'hey.com', 'gmx.de', 'fastmail.com'];
const serverNames = ['Survival', 'Creative', 'Skyblock', 'Hardcore', 'Modded', 'Roleplay City', 'Base Camp', 'Friends', 'Adventure', 'Test'];

const sqlText = (s: string) => `'${s.replaceAll("'", "''")}'`;
const textArray = (xs: readonly string[]) => `array[${xs.map(sqlText).join(',')}]::text[]`;
/** `arr[1 + (expr % len)]`, a deterministic pick from a list. */
const pick = (xs: readonly string[], expr: string) => `(${textArray(xs)})[1 + ((${expr}) % ${xs.length})]`;
const uid = (kind: string, n: string) => `md5('${kind}-' || (${n}))::uuid`;
/** Eight characters of A-Z0-9 from a bijection of n (multiplying by a number prime to 36 modulo 36^8), so codes never repeat. */
function referralCodeSql(n: string): string {
  const scrambled = `((${n})::bigint * 1743559605131 + 7777777) % 2821109907456`;
  const digits = Array.from({ length: 8 }, (_, k) => `substr('ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789', (((${scrambled}) / ${36 ** k}) % 36)::int + 1, 1)`);
  return digits.join(' || ');
}

export interface SeedStep {
  name: string;
  ms: number;
}

export interface SeedResult {
  steps: SeedStep[];
  totalMs: number;
  counts: Record<string, number>;
}

/** Seeds at `now` (all times fall in the two years before it). */
export async function seedAdminScale(database: Database, now: Date, log: (line: string) => void = () => {}): Promise<SeedResult> {
  const NOW = `${sqlText(now.toISOString())}::timestamptz`;
  const steps: SeedStep[] = [];
  const started = performance.now();
  async function step(name: string, statements: string[]) {
    const t0 = performance.now();
    for (const statement of statements) await database.query(statement);
    const ms = performance.now() - t0;
    steps.push({ name, ms });
    log(`      ${name}: ${(ms / 1000).toFixed(1)} s`);
  }

  const first = pick(firstNames, 'i * 7');
  const last = pick(lastNames, 'i * 13 + i / 47');
  const domain = pick(domains, 'i / 3');
  await step('users', [
    `insert into users (id, email, password_hash, email_verified_at, first_name, last_name, role, referral_code,
        referred_by_user_id, totp_secret, totp_enabled_at, suspended_at, suspended_reason, created_at, updated_at)
     select ${uid('user', 'i')},
       lower(case i % 4
         when 0 then f || '.' || le || i
         when 1 then f || i
         when 2 then left(f, 1) || le || i
         else le || '.' || f || i end) || '@' || d,
       '$argon2id$v=19$m=19456,t=2,p=1$YmVuY2hzZWVk$YmVuY2hzZWVkYmVuY2hzZWVkYmVuY2hzZWVk',
       case when i % 13 = 0 then null else c + interval '4 minutes' end,
       case when i % 29 = 0 then '' else f end,
       case when i % 29 = 0 then '' else l end,
       case when i % 997 = 0 then (array['support','billing','admin'])[1 + (i / 997) % 3] else 'customer' end,
       ${referralCodeSql('i')},
       case when i % 9 = 0 and i > 100 then ${uid('user', '1 + (i * 37) % (i / 2)')} end,
       case when i % 997 = 0 then 'JBSWY3DPEHPK3PXP' end,
       case when i % 997 = 0 then c + interval '1 hour' end,
       case when i % 311 = 0 then c + (${NOW} - c) * random() end,
       case when i % 311 = 0 then ${pick(['Chargeback on two invoices', 'Abuse report from the network provider', 'Payment fraud, confirmed by the bank', 'Asked to close the account'], 'i / 311')} end,
       c, c
     from (
       select i, f, l, replace(l, '''', '') as le, d, c
       from (select i, ${first} as f, ${last} as l, ${domain} as d,
         ${NOW} - interval '730 days' * ((${SEED.customers} - i + random()) / ${SEED.customers}) as c
       from generate_series(1, ${SEED.customers}) as i) g
     ) s`,
  ]);

  // Helper tables (dropped at the end): the catalog's server plans and periods, numbered for picking.
  await step('catalog helpers', [
    `create table bench_plans as
       select row_number() over (order by p.id)::int as idx, p.id, p.game, g.name as game_name, p.name,
         p."priceCents" as price_cents, p."ramGb" as ram_gb, p.vcpu, p."diskGb" as disk_gb, g.player_cap
       from catalog_versions cv
       cross join lateral jsonb_to_recordset(cv.catalog->'plans')
         as p(id text, game text, name text, "priceCents" integer, "ramGb" integer, vcpu numeric, "diskGb" integer)
       join games g on g.slug = p.game
       where cv.version = (select max(version) from catalog_versions)`,
    `create table bench_periods as select * from (values
       (0, 'monthly', 'Monthly', 1, 0), (1, 'monthly', 'Monthly', 1, 0), (2, 'monthly', 'Monthly', 1, 0),
       (3, 'monthly', 'Monthly', 1, 0), (4, 'monthly', 'Monthly', 1, 0), (5, 'monthly', 'Monthly', 1, 0),
       (6, '3months', '3 Months', 3, 5), (7, '3months', '3 Months', 3, 5), (8, '6months', '6 Months', 6, 10),
       (9, '12months', '12 Months', 12, 20)) as t(idx, value, label, months, discount)`,
    `create table bench_packs as select row_number() over (order by id)::int - 1 as idx, id, name, "priceCents" as price_cents
       from catalog_versions cv cross join lateral jsonb_to_recordset(cv.catalog->'packs') as u(id text, name text, "priceCents" integer)
       where cv.version = (select max(version) from catalog_versions)`,
  ]);

  // Paid orders: order j belongs to an odd-numbered user picked by a hash of j; every 20th is a pack.
  // j % 100 = 7 is refunded in full later, so its order and purchase are marked refunded here.
  const buyer = `1 + 2 * ((hashtext('order-' || j) & 2147483647) % ${BUYERS})`;
  await step('orders (paid)', [
    `insert into orders (id, user_id, kind, status, game, plan_id, period, months, location, addons, server_name, pack_id,
        plan_name, lines, subtotal_cents, discount_cents, total_cents, net_cents, gross_cents, currency, provider, provider_session_id,
        created_at, expires_at, paid_at)
     select ${uid('order', 'j')}, o.user_id, o.kind, case when j % 100 = 7 then 'refunded' else 'paid' end,
       o.game, o.plan_id, o.period, o.months, o.location, o.addons, o.server_name, o.pack_id, o.plan_name,
       jsonb_build_array(jsonb_build_object('description', o.line, 'quantity', 1, 'unitCents', o.subtotal, 'amountCents', o.subtotal)),
       o.subtotal, o.discount, o.subtotal - o.discount, o.subtotal - o.discount, o.subtotal - o.discount, 'usd',
       case when j % 10 < 7 then 'local' else 'stripe' end,
       case when j % 10 < 7 then 'lcs_seed_' else 'cs_seed_' end || j,
       o.at, o.at + interval '24 hours', o.at + interval '90 seconds'
     from (
       select j, uc.id as user_id,
         case when j % 20 = 0 then 'pack' else 'server' end as kind,
         case when j % 20 = 0 then null else p.game end as game,
         case when j % 20 = 0 then null else p.id end as plan_id,
         case when j % 20 = 0 then 'monthly' else pe.value end as period,
         case when j % 20 = 0 then 1 else pe.months end as months,
         case when j % 20 = 0 then null else ${pick(['us-west', 'us-east', 'eu-west', 'asia-pacific'], 'j / 11')} end as location,
         case when j % 20 = 0 or j % 3 <> 0 then '{}'::jsonb else '{"automatic-backups": 1}'::jsonb end as addons,
         case when j % 20 = 0 then null else ${pick(serverNames, 'j / 7')} end as server_name,
         case when j % 20 = 0 then pk.id end as pack_id,
         case when j % 20 = 0 then pk.name else p.game_name || ' ' || p.name end as plan_name,
         case when j % 20 = 0 then pk.name || ' pack (1 month)' else p.game_name || ' ' || p.name || ' server (' || pe.label || ')' end as line,
         case when j % 20 = 0 then pk.price_cents
           else (p.price_cents + case when j % 3 = 0 then 299 else 0 end) * pe.months * (100 - pe.discount) / 100 end as subtotal,
         case when j % 17 = 0 then 100 else 0 end as discount,
         now_at - (now_at - uc.created_at) * (0.999 * random()) as at
       from (select j, ${NOW} as now_at from generate_series(1, ${SEED.invoices}) as j) g
       join bench_plans p on p.idx = 1 + (j * 3) % (select count(*) from bench_plans)
       join bench_periods pe on pe.idx = (j / 13) % 10
       join bench_packs pk on pk.idx = (j / 20) % (select count(*) from bench_packs)
       join users uc on uc.id = ${uid('user', buyer)}
     ) o`,
  ]);

  await step('purchases + invoices', [
    `insert into purchases (id, user_id, order_id, plan_name, amount_cents, status, provider, provider_payment_id, created_at, refunded_at, refund_reason)
     select ${uid('purchase', 'substr(provider_session_id, strpos(provider_session_id, \'seed_\') + 5)')}, user_id, id, plan_name, total_cents,
       case when status = 'refunded' then 'refunded' else 'paid' end, provider,
       case when provider = 'local' then 'ch_local_seed_' else 'pi_seed_' end || substr(provider_session_id, strpos(provider_session_id, 'seed_') + 5),
       paid_at,
       case when status = 'refunded' then least(${NOW}, paid_at + interval '2 days') end,
       case when status = 'refunded' then 'Refunded in full at the customer''s request' end
     from orders where paid_at is not null`,
    `insert into invoices (id, number, user_id, purchase_id, order_id, lines, subtotal_cents, discount_cents, total_cents,
        net_cents, gross_cents, status, issued_at)
     select ${uid('invoice', 'n')}, 'INV-' || lpad((1000 + n)::text, 6, '0'), user_id, ${uid('purchase', 'n')}, id, lines,
       subtotal_cents, discount_cents, total_cents, net_cents, gross_cents, 'paid', paid_at
     from (select o.*, substr(provider_session_id, strpos(provider_session_id, 'seed_') + 5)::int as n from orders o where paid_at is not null) s`,
    `update document_counters set next_value = ${1001 + SEED.invoices} where series = 'invoice'`,
  ]);

  await step('abandoned orders', [
    `insert into orders (id, user_id, kind, status, game, plan_id, period, months, location, plan_name, lines,
        subtotal_cents, total_cents, net_cents, gross_cents, provider, provider_session_id, created_at, expires_at)
     select ${uid('cart', 'k')}, ${uid('user', '1 + (k * 104729) % ' + SEED.customers)}, 'server',
       case when k % 100 = 0 then 'pending' else 'expired' end, p.game, p.id, 'monthly', 1, 'us-east',
       p.game_name || ' ' || p.name,
       jsonb_build_array(jsonb_build_object('description', p.game_name || ' ' || p.name || ' server (Monthly)', 'quantity', 1, 'unitCents', p.price_cents, 'amountCents', p.price_cents)),
       p.price_cents, p.price_cents, p.price_cents, p.price_cents, 'local', 'lcs_cart_' || k, at, at + interval '24 hours'
     from (select k, case when k % 100 = 0 then ${NOW} - interval '20 hours' * random()
                  else ${NOW} - interval '729 days' * random() - interval '1 day' end as at
           from generate_series(1, ${SEED.abandonedOrders}) as k) g
     join bench_plans p on p.idx = 1 + k % (select count(*) from bench_plans)`,
  ]);

  // Servers: every 40th paid order (j = 1 mod 40, never a pack); the state follows s = (j / 40) % 100.
  await step('servers', [
    `insert into servers (id, user_id, order_id, name, game, plan_id, plan_name, ram_gb, vcpu, disk_gb, player_cap, location, addons,
        status, failure_reason, suspended_by, provisioning_attempts, provisioning_error, deleted_at, kept_backup_id, backup_kept_until,
        panel_server_id, panel_identifier, panel_url, ip, port, period, renews_at, created_at, updated_at)
     select ${uid('server', 'j')}, o.user_id, o.id, o.server_name, o.game, o.plan_id, o.plan_name, p.ram_gb, p.vcpu, p.disk_gb,
       p.player_cap, o.location, o.addons, st.status,
       case when st.status = 'failed' then 'We could not set up your server. Your payment will be refunded.' end,
       st.suspended_by,
       case when st.status = 'failed' then 3 when st.status in ('installing', 'provisioning') then s % 2 else 0 end,
       case when st.status = 'failed' then ${pick(['Node is out of memory (HTTP 503)', 'Allocation pool exhausted in this location', 'Egg install script exited with code 1'], 's')} end,
       case when st.status = 'cancelled' and s % 2 = 0 then o.paid_at + (${NOW} - o.paid_at) * 0.5 end,
       case when st.status = 'cancelled' and s % 2 = 0 then 'backup_seed_' || j end,
       case when st.status = 'cancelled' and s % 2 = 0 then o.paid_at + (${NOW} - o.paid_at) * 0.5 + interval '30 days' end,
       case when st.status not in ('provisioning', 'failed') then 'sim_seed_' || j end,
       case when st.status not in ('provisioning', 'failed') then substr(md5('ident-' || j), 1, 8) end,
       case when st.status not in ('provisioning', 'failed') then 'https://panel.example.test/server/' || substr(md5('ident-' || j), 1, 8) end,
       case when st.status not in ('provisioning', 'failed') then '10.' || (j % 4) || '.' || (j / 256 % 256) || '.' || (j % 256) end,
       case when st.status not in ('provisioning', 'failed') then 25565 + j % 1000 end,
       o.period,
       case when st.status in ('cancelled', 'failed') then o.paid_at + interval '1 month' * o.months
            else ${NOW} + interval '30 days' * random() end,
       o.paid_at,
       case when st.status = 'installing' and s = 82 then ${NOW} - interval '35 minutes'
            when st.status in ('installing', 'provisioning') then ${NOW} - interval '2 minutes'
            else o.paid_at + (${NOW} - o.paid_at) * random() end
     from (select *, substr(provider_session_id, strpos(provider_session_id, 'seed_') + 5)::int as j from orders where paid_at is not null) o
     cross join lateral (select (o.j / ${SEED.serverEvery}) % 100 as s) ss
     cross join lateral (select
         case when s < 60 then 'online' when s < 72 then 'offline' when s < 79 then 'suspended' when s < 82 then 'failed'
              when s < 84 then 'installing' when s < 85 then 'provisioning' when s < 86 then 'starting' when s < 87 then 'stopping'
              else 'cancelled' end as status,
         case when s between 76 and 77 then 'staff' when s = 78 then 'account' end as suspended_by) st
     join bench_plans p on p.id = o.plan_id
     where o.j % ${SEED.serverEvery} = 1 and o.kind = 'server'`,
  ]);

  // Renewals: dunning-suspended servers (suspended, suspended_by null) have a failed renewal past its
  // retries; about 5% of running servers are failing in their grace period; half of the rest paid one.
  await step('renewals', [
    `insert into renewals (id, server_id, user_id, order_id, period_start, period_end, amount_cents, status, attempts,
        last_attempt_at, next_attempt_at, last_error, suspended_at, version, created_at, updated_at)
     select ${uid('renewal', 'sv.id::text')}, sv.id, sv.user_id, sv.order_id, sv.renews_at - interval '1 month', sv.renews_at,
       o.total_cents / o.months,
       case when dunning then 'failed' else 'paid' end,
       case when sv.status = 'suspended' then 3 when dunning then 1 + (h % 2) else 1 end,
       ${NOW} - interval '1 day' * (1 + h % 5),
       case when dunning then ${NOW} + interval '1 day' * (1 + h % 6) end,
       case when dunning then ${pick(['Your card was declined.', 'Your card has insufficient funds.', 'Your card has expired.'], 'h')} end,
       case when sv.status = 'suspended' then ${NOW} - interval '1 day' * (1 + h % 5) end,
       1, sv.renews_at - interval '1 month' - interval '3 days', ${NOW} - interval '1 day' * (h % 5)
     from servers sv
     join orders o on o.id = sv.order_id
     cross join lateral (select hashtext(sv.id::text) & 2147483647 as h) hh
     cross join lateral (select (sv.status = 'suspended' and sv.suspended_by is null)
                              or (sv.status in ('online', 'offline') and h % 20 = 0) as dunning) dd
     where sv.status in ('online', 'offline', 'suspended', 'starting', 'stopping')
       and ((sv.status = 'suspended' and sv.suspended_by is null) or h % 20 = 0 or h % 2 = 1)`,
  ]);

  // Refunds: j % 100 = 7 in full, j % 100 = 57 half; to the card for two in three, else to credit.
  await step('refunds + credit notes', [
    `insert into refunds (id, purchase_id, invoice_id, order_id, user_id, amount_cents, method, status, reason, cancel_service, created_at, completed_at)
     select ${uid('refund', 'n')}, ${uid('purchase', 'n')}, ${uid('invoice', 'n')}, o.id, o.user_id,
       case when n % 100 = 7 then o.total_cents else greatest(1, o.total_cents / 2) end,
       case when n % 3 = 0 then 'credit' else 'card' end, 'succeeded',
       ${pick(['The server never came online', 'Bought the wrong plan by mistake', 'Goodwill after an outage', 'Duplicate purchase'], 'n / 100')},
       n % 100 = 7, at, at + interval '2 seconds'
     from (select o.*, substr(provider_session_id, strpos(provider_session_id, 'seed_') + 5)::int as n,
             least(${NOW} - interval '1 minute', o.paid_at + interval '1 hour' * (1 + random() * 48)) as at
           from orders o where paid_at is not null) o
     where n % 100 in (7, 57) and o.total_cents > 0`,
    `insert into credit_notes (id, number, refund_id, invoice_id, user_id, amount_cents, net_cents, method, reason, issued_at)
     select ${uid('credit-note', 'r.id::text')}, 'CN-' || lpad(row_number() over (order by r.completed_at, r.id)::text, 6, '0'),
       r.id, r.invoice_id, r.user_id, r.amount_cents, r.amount_cents, r.method, r.reason, r.completed_at
     from refunds r`,
    `update document_counters set next_value = (select count(*) + 1 from credit_notes) where series = 'credit_note'`,
    `insert into credit_ledger (id, user_id, amount_cents, kind, reason, reference_id, created_at)
     select ${uid('ledger-refund', 'r.id::text')}, r.user_id, r.amount_cents, 'refund_credit', 'Refund: ' || r.reason, r.id::text, r.completed_at
     from refunds r where r.method = 'credit'`,
    `insert into credit_ledger (id, user_id, amount_cents, kind, reason, created_by, created_at)
     select ${uid('ledger-staff', 'k')}, ${uid('user', `1 + 2 * ((k * 7919) % ${BUYERS})`)},
       500 + (k % 5) * 250, 'staff_adjustment',
       ${pick(['Sorry for the outage last week', 'Goodwill for a slow ticket reply', 'Correction of a double charge', 'Migration help'], 'k')},
       ${uid('user', '997 * (1 + k % 100)')}, ${NOW} - interval '700 days' * random()
     from generate_series(1, ${SEED.creditAdjustments}) as k
     where k % 4 <> 0`,
  ]);

  // Tickets: open and pending ones are recent; every 30th comes from the contact form (a guest).
  await step('tickets', [
    `insert into tickets (id, user_id, guest_name, guest_email, subject, category, priority, status, source, pending_since,
        last_customer_reply_at, last_staff_reply_at, created_at, updated_at)
     select ${uid('ticket', 'k')},
       case when k % 30 = 0 then null else ${uid('user', `1 + (k * 7919) % ${SEED.customers}`)} end,
       case when k % 30 = 0 then 'Guest ' || k end,
       case when k % 30 = 0 then 'guest' || k || '@example.test' end,
       ${pick(['My server will not start', 'Question about my invoice', 'Can I change my plan?', 'Lag spikes in the evening', 'Refund request', 'How do I install mods?', 'Backup restore failed'], 'k')},
       ${pick(['technical', 'billing', 'general'], 'k / 7')}, ${pick(['low', 'medium', 'high'], 'k / 3')},
       st, case when k % 30 = 0 then 'contact' else 'dashboard' end,
       case when st = 'pending' then at + interval '2 hours' end,
       at, case when st <> 'open' then at + interval '2 hours' end, at, at + interval '2 hours'
     from (select k, case when k % 10 = 0 then 'open' when k % 10 = 1 then 'pending' else 'resolved' end as st,
                  case when k % 10 in (0, 1) then ${NOW} - interval '6 days' * random() else ${NOW} - interval '729 days' * random() end as at
           from generate_series(1, ${SEED.tickets}) as k) g`,
    `insert into ticket_messages (id, ticket_id, author_kind, author_name, body, created_at)
     select ${uid('ticket-message', 't.id::text')}, t.id, case when t.user_id is null then 'guest' else 'customer' end,
       coalesce(t.guest_name, 'Customer'), 'Hi, ' || lower(t.subject) || '. Could you take a look? Thanks!', t.created_at
     from tickets t`,
  ]);

  await step('clean up + ANALYZE', [
    'drop table bench_plans',
    'drop table bench_periods',
    'drop table bench_packs',
    'analyze',
  ]);

  const countRows = await database.query<Record<string, number | string>>(
    `select
       (select count(*) from users where role = 'customer') as customers,
       (select count(*) from users where role <> 'customer') as staff,
       (select count(*) from users where suspended_at is not null) as suspended,
       (select count(*) from orders) as orders,
       (select count(*) from purchases) as purchases,
       (select count(*) from invoices) as invoices,
       (select count(*) from invoices where issued_at >= ${NOW} - interval '90 days') as invoices_last_90_days,
       (select count(*) from servers) as servers,
       (select count(distinct user_id) from servers) as customers_with_servers,
       (select count(*) from renewals where status = 'failed') as failed_renewals,
       (select count(*) from refunds) as refunds,
       (select count(*) from credit_notes) as credit_notes,
       (select count(*) from tickets) as tickets`,
  );
  const counts = Object.fromEntries(Object.entries(countRows[0] ?? {}).map(([k, v]) => [k, Number(v)]));
  return { steps, totalMs: performance.now() - started, counts };
}

/** Search terms taken from the seeded rows, different for each run. */
export interface SearchTerms {
  emailPrefixes: string[];
  namePrefixes: string[];
  referralCodes: string[];
  ids: string[];
}

export async function sampleSearchTerms(database: Database, count: number): Promise<SearchTerms> {
  const rows = await database.query<{ id: string; email: string; first_name: string; last_name: string; referral_code: string }>(
    `select id, email, first_name, last_name, referral_code from users
     where role = 'customer' and first_name <> ''
     order by md5(id::text) limit ${count}`,
  );
  return {
    // Between four characters and the whole local part: "oliv", "olivia.smi", "olivia.smith1234".
    emailPrefixes: rows.map((r, i) => {
      const local = r.email.split('@')[0] ?? r.email;
      return local.slice(0, Math.min(local.length, 4 + (i % Math.max(1, local.length - 3))));
    }),
    // "Olivia Sm", "Olivia Smith", "Olivia": first name and the start of the last name.
    namePrefixes: rows.map((r, i) => `${r.first_name} ${r.last_name.slice(0, i % (r.last_name.length + 1))}`.trim()),
    referralCodes: rows.map((r) => r.referral_code),
    ids: rows.map((r) => r.id),
  };
}
