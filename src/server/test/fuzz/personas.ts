import { buyWithLocalCard } from '../../features/billing/billing.fixtures';
import { createSessionStore, SESSION_COOKIE } from '../../features/auth/sessions';
import { ticketApi } from '../../features/support/ticket-test-kit';
import { provisionOnlineServer } from '../../jobs/provisioning.fixtures';
import { randomIds, systemClock } from '../../lib/runtime';
import { createSignedInUser, markTwoFactorOn, type TestContext, type TestUser } from '../test-app';
import type { Hints } from './from-schema';

export interface Persona {
  name: 'signed out' | 'own ids' | "another customer's ids" | 'staff';
  /** Signed in as this account (a fresh session per request), or signed out. */
  user?: TestUser;
  hints: Hints;
}

/**
 * Two customers, Ada and Bob, each with a paid order (partly refunded), an online server with a
 * backup, a ticket, a saved card and an affiliate account; an admin with two-factor; a pending
 * staff invitation. Bob's things carry `bobMark` so an answer that shows them is easy to find.
 */
export async function fuzzPersonas(t: TestContext, bobMark: string) {
  const sessions = createSessionStore({ db: t.database.db, clock: systemClock, ids: randomIds });
  const freshCookie = async (userId: string) => `${SESSION_COOKIE}=${(await sessions.create(userId, {})).token}`;

  const ada = await createSignedInUser(t, { email: 'ada-fuzz@example.test' });
  // Bob's password is nowhere in the hints: signing in as him is not a leak worth finding.
  const bob = await createSignedInUser(t, { email: 'bob-fuzz@example.test', password: 'bob only knows this one' });
  const admin = await createSignedInUser(t, { email: 'admin-fuzz@example.test', role: 'admin' });
  const tickets = ticketApi(t);
  const orderIds: string[] = [];
  await markTwoFactorOn(t, admin.id);
  for (const [user, mark] of [
    [ada, 'Ada'],
    [bob, bobMark],
  ] as const) {
    orderIds.push((await buyWithLocalCard(t, user.cookie, { card: { saveCard: true } })).order_id);
    const online = await provisionOnlineServer(
      { db: t.database.db, clock: systemClock, panel: t.app.panel, events: t.app.events },
      user.id,
      { name: `${mark} World` },
    );
    await t.app.inject({ method: 'POST', url: `/api/servers/${online.serverId}/backups`, headers: { cookie: user.cookie }, payload: { name: `${mark} backup` } });
    await tickets.create(user.cookie, { subject: `${mark} ticket`, serverId: online.serverId });
    await t.app.inject({ method: 'POST', url: '/api/affiliate/join', headers: { cookie: user.cookie }, payload: {} });
  }
  // A partial refund of each purchase, so that credit notes exist.
  for (const orderId of orderIds) {
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${orderId}/refunds`,
      headers: { cookie: admin.cookie },
      payload: { amountCents: 100, method: 'credit', reason: 'Goodwill for the fuzz test' },
    });
  }
  await t.app.inject({
    method: 'POST',
    url: '/api/admin/staff/invitations',
    headers: { cookie: admin.cookie },
    payload: { email: 'invitee-fuzz@example.test', role: 'support' },
  });

  const tables = await t.database.query<{ table_name: string; has_user: boolean }>(
    `select c.table_name, bool_or(u.column_name is not null) as has_user
       from information_schema.columns c
       left join information_schema.columns u
         on u.table_schema = c.table_schema and u.table_name = c.table_name and u.column_name = 'user_id'
      where c.table_schema = 'public' and c.column_name = 'id'
      group by c.table_name`,
  );
  /** Ids by table: the rows of `userIds` where a table has owners, a few of any row elsewhere. */
  const idsOf = async (userIds: string[]): Promise<Record<string, string[]>> => {
    const out: Record<string, string[]> = { users: [...userIds] };
    for (const { table_name, has_user } of tables) {
      const rows = has_user
        ? await t.database.query<{ id: unknown }>(`select id from "${table_name}" where user_id = any($1) limit 8`, [userIds])
        : await t.database.query<{ id: unknown }>(`select id from "${table_name}" limit 4`);
      out[table_name] = [...(out[table_name] ?? []), ...rows.map((r) => String(r.id))];
    }
    out.backups = [];
    for (const user of [ada, bob].filter((u) => userIds.includes(u.id))) {
      for (const serverId of out.servers ?? []) {
        const res = await t.app.inject({ method: 'GET', url: `/api/servers/${serverId}/backups`, headers: { cookie: user.cookie } });
        if (res.statusCode === 200) out.backups.push(...(res.json() as { backups: { id: string }[] }).backups.map((b) => b.id));
      }
    }
    return out;
  };
  const byName = {
    game: ['minecraft', 'fivem', 'palworld'],
    plan: ['minecraft-4gb', 'minecraft-1gb', 'palworld-8gb'],
    period: ['monthly', 'quarterly', '12months'],
    location: ['us-west', 'us-east', 'eu-central'],
    provider: ['local', 'stripe'],
    queue: ['provisioning', 'renewals'],
    number: ['4242 4242 4242 4242', '4000 0000 0000 0002', '4000 0025 0000 3155'],
    expiry: ['12/34', '01/20'],
    cvc: ['123'],
    password: [ada.password, 'wrong password'],
    currentPassword: [ada.password],
    reason: ['Fuzzing the staff console'],
  };
  // Bob's address only for staff: a customer's form may rightly echo back an address it was given.
  const hintsFor = (idsByTable: Record<string, string[]>, more: string[] = []): Hints => ({
    ids: [...new Set(Object.values(idsByTable).flat())],
    idsByTable,
    emails: [ada.email, admin.email, 'nobody@example.test', ...more],
    byName,
  });
  const adas = await idsOf([ada.id]);
  const personas: Persona[] = [
    { name: 'signed out', hints: hintsFor(adas) },
    { name: 'own ids', user: ada, hints: hintsFor(adas) },
    { name: "another customer's ids", user: ada, hints: hintsFor(await idsOf([bob.id])) },
    { name: 'staff', user: admin, hints: hintsFor(await idsOf([ada.id, bob.id, admin.id]), [bob.email]) },
  ];
  const resetAccounts = async () => {
    await t.database.query(
      `update users set suspended_at = null, suspended_reason = null,
              role = case when id = $3 then 'admin' else 'customer' end
        where id in ($1, $2, $3)`,
      [ada.id, bob.id, admin.id],
    );
    await markTwoFactorOn(t, admin.id);
  };
  return { personas, freshCookie, resetAccounts };
}
