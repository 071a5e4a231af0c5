import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renewals, sessions, tickets } from '../../../db/schema';
import { insertPaidServer } from '../../../jobs/provisioning.fixtures';
import { randomIds } from '../../../lib/runtime';
import { createSignedInUser, createTestApp, createUser, dbKinds, type TestContext, type TestUser } from '../../../test/test-app';

describe.each(dbKinds)('staff customers list and page on %s', (kind) => {
  let t: TestContext;
  const staff = {} as Record<'admin' | 'billing' | 'support', TestUser & { cookie: string }>;
  const tag = `cx${randomBytes(3).toString('hex')}`;
  const people = {} as Record<'ada' | 'grace' | 'alan' | 'edsger' | 'barbara', TestUser>;

  const get = (url: string, role: keyof typeof staff = 'support') => t.app.inject({ method: 'GET', url, headers: { cookie: staff[role].cookie } });
  const emails = (body: { items: { email: string }[] }) => body.items.map((i) => i.email.split('@')[0]!.replace(`${tag}-`, ''));
  const list = async (query: string) => {
    const res = await get(`/api/admin/customers?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    for (const role of ['admin', 'billing', 'support'] as const) staff[role] = await createSignedInUser(t, { role });
    const names: Record<keyof typeof people, [string, string, number]> = {
      ada: ['Ada', 'Lovelace', 50],
      grace: ['Grace', 'Hopper', 40],
      alan: ['Alan', 'Turing', 30],
      edsger: ['Edsger', 'Dijkstra', 20],
      barbara: ['Barbara', 'Liskov', 10],
    };
    for (const [key, [first, last, daysAgo]] of Object.entries(names) as [keyof typeof people, [string, string, number]][]) {
      people[key] = await createUser(t, { email: `${tag}-${key}@example.test` });
      await t.database.query('update users set first_name = $1, last_name = $2, created_at = $3 where id = $4', [
        first,
        last,
        new Date(Date.now() - daysAgo * 86_400_000).toISOString(),
        people[key].id,
      ]);
    }
    const now = new Date();
    const running = await insertPaidServer(t.database.db, people.ada.id, { name: 'Ada Box', status: 'online', createdAt: now });
    await insertPaidServer(t.database.db, people.ada.id, { name: 'Ada Two', status: 'offline', createdAt: now });
    await insertPaidServer(t.database.db, people.grace.id, { name: 'Gone Box', status: 'cancelled', createdAt: now });
    const dunning = await insertPaidServer(t.database.db, people.alan.id, { name: 'Late Box', status: 'online', createdAt: now });
    await t.database.db.insert(renewals).values({
      id: randomIds.uuid(),
      serverId: dunning.serverId,
      userId: people.alan.id,
      orderId: dunning.orderId,
      periodStart: now,
      periodEnd: new Date(now.getTime() + 30 * 86_400_000),
      amountCents: 1400,
      status: 'failed',
      attempts: 2,
      createdAt: now,
      updatedAt: now,
    });
    await t.database.query("update users set suspended_at = now(), suspended_reason = 'Chargeback' where id = $1", [people.edsger.id]);
    await t.database.query("update users set role = 'support' where id = $1", [people.barbara.id]);
    await t.database.query('update users set referred_by_user_id = $1 where id in ($2, $3)', [people.ada.id, people.grace.id, people.alan.id]);
    await t.database.db.insert(tickets).values({
      id: randomIds.uuid(),
      userId: people.ada.id,
      subject: 'My server lags',
      category: 'technical',
      createdAt: now,
      updatedAt: now,
    });
    void running;
  });
  afterAll(async () => t?.close());

  it('lists a page at a time, newest first, with server counts, dunning and suspension', async () => {
    const body = await list(`q=${tag}`);
    expect(body).toMatchObject({ total: 5, page: 1, pageSize: 25 });
    expect(emails(body)).toEqual(['barbara', 'edsger', 'alan', 'grace', 'ada']);
    const ada = body.items.find((i: { email: string }) => i.email.startsWith(`${tag}-ada`));
    expect(ada).toMatchObject({ name: 'Ada Lovelace', role: 'customer', emailVerified: true, serverCount: 2, inDunning: false, suspendedAt: null });
    expect(body.items.find((i: { email: string }) => i.email.startsWith(`${tag}-grace`)).serverCount).toBe(0);
    expect(body.items.find((i: { email: string }) => i.email.startsWith(`${tag}-alan`))).toMatchObject({ inDunning: true, serverCount: 1 });
    expect(body.items.find((i: { email: string }) => i.email.startsWith(`${tag}-edsger`)).suspendedAt).not.toBeNull();

    const second = await list(`q=${tag}&pageSize=2&page=2`);
    expect(second).toMatchObject({ total: 5, page: 2, pageSize: 2 });
    expect(emails(second)).toEqual(['alan', 'grace']);
    expect(emails(await list(`q=${tag}&pageSize=2&page=9`))).toEqual([]);
    expect((await list('')).total).toBeGreaterThanOrEqual(8);
  });

  it('sorts by creation, email and name', async () => {
    expect(emails(await list(`q=${tag}&sort=created_asc`))).toEqual(['ada', 'grace', 'alan', 'edsger', 'barbara']);
    expect(emails(await list(`q=${tag}&sort=email_asc`))).toEqual(['ada', 'alan', 'barbara', 'edsger', 'grace']);
    // By full name: Ada, Alan, Barbara, Edsger, Grace.
    const byName = await list(`q=${tag}&sort=name_asc`);
    expect(byName.items.map((i: { name: string }) => i.name)).toEqual(['Ada Lovelace', 'Alan Turing', 'Barbara Liskov', 'Edsger Dijkstra', 'Grace Hopper']);
  });

  it('searches by email, name, last name, referral code and exact id, by prefix', async () => {
    expect(emails(await list(`q=${tag}-gr`))).toEqual(['grace']);
    expect(emails(await list(`q=${tag.toUpperCase()}-ADA`))).toEqual(['ada']);
    const [adaCode] = await t.database.query<{ referral_code: string }>('select referral_code from users where id = $1', [people.ada.id]);
    for (const q of [adaCode!.referral_code, adaCode!.referral_code.toLowerCase()]) {
      expect((await list(`q=${q}`)).items.map((i: { id: string }) => i.id)).toEqual([people.ada.id]);
    }
    expect((await list(`q=${people.grace.id}`)).items.map((i: { id: string }) => i.id)).toEqual([people.grace.id]);
    expect((await list(`q=${people.grace.id.toUpperCase()}`)).total).toBe(1);
    expect((await list(`q=${randomIds.uuid()}`)).total).toBe(0);
    // Name and last-name prefixes (other tests' accounts have no names, so these are ours).
    expect((await list('q=ada%20lov')).items.map((i: { id: string }) => i.id)).toEqual([people.ada.id]);
    expect((await list('q=Hopp')).items.map((i: { id: string }) => i.id)).toEqual([people.grace.id]);
    expect((await list('q=lovelace')).total).toBe(1);
    // Prefix, not substring: the middle of an email finds nothing.
    expect((await list(`q=${tag.slice(2)}`)).total).toBe(0);
  });

  it('treats LIKE wildcards in a search as plain characters', async () => {
    expect((await list('q=%25')).total).toBe(0);
    expect((await list('q=_')).total).toBe(0);
    expect((await list(`q=${tag}_ada`)).total).toBe(0);
    expect((await list(`q=${tag}%25ada`)).total).toBe(0);
    expect((await list('q=%5C')).total).toBe(0);
  });

  it('filters: has servers, dunning, suspended, staff, and created since', async () => {
    expect(emails(await list(`q=${tag}&filter=has_servers`))).toEqual(['alan', 'ada']);
    expect(emails(await list(`q=${tag}&filter=dunning`))).toEqual(['alan']);
    expect(emails(await list(`q=${tag}&filter=suspended`))).toEqual(['edsger']);
    expect(emails(await list(`q=${tag}&filter=staff`))).toEqual(['barbara']);
    const staffList = await list('filter=staff');
    expect(staffList.items.every((i: { role: string }) => i.role !== 'customer')).toBe(true);
    expect(staffList.total).toBeGreaterThanOrEqual(4);
    const since = new Date(Date.now() - 35 * 86_400_000).toISOString().slice(0, 10);
    expect(emails(await list(`q=${tag}&since=${since}`))).toEqual(['barbara', 'edsger', 'alan']);
    expect(emails(await list(`q=${tag}&since=${since}&filter=has_servers`))).toEqual(['alan']);
  });

  it('refuses a malformed query with a clear 400', async () => {
    for (const query of ['filter=rich', 'sort=random', 'since=2030-13-45', 'since=yesterday', 'page=0', 'pageSize=500', `q=${'a'.repeat(201)}`]) {
      const res = await get(`/api/admin/customers?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.message, query).toBeTruthy();
    }
  });

  it('shows the customer page: profile, sessions, servers, money, tickets, referrals and activity', async () => {
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: people.ada.email, password: people.ada.password },
      headers: { 'user-agent': 'Firefox on Linux' },
    });
    expect(signedIn.statusCode).toBe(200);
    const adaCookie = String([signedIn.headers['set-cookie']].flat()[0]).split(';')[0]!;
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/account/billing-details',
      payload: { name: 'Lovelace Engines GmbH', country: 'DE', postalCode: '10117', vatId: 'FR40303265045' },
      headers: { cookie: adaCookie },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/customers/${people.ada.id}/credit`,
      payload: { amountCents: 700, reason: 'Lag on Tuesday' },
      headers: { cookie: staff.billing.cookie },
    });
    const res = await get(`/api/admin/customers/${people.ada.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json();
    expect(page.profile).toMatchObject({
      id: people.ada.id,
      email: people.ada.email,
      firstName: 'Ada',
      lastName: 'Lovelace',
      twoFactorEnabled: false,
      emailVerified: true,
      suspendedReason: null,
      serverCount: 2,
    });
    expect(page.sessions).toHaveLength(1);
    expect(page.sessions[0]).toMatchObject({ userAgent: 'Firefox on Linux' });
    // Her billing details as she gave them; without VIES_API_URL her VAT ID cannot be checked, so it stays checking.
    expect(page.billingDetails).toMatchObject({
      name: 'Lovelace Engines GmbH',
      country: 'DE',
      postalCode: '10117',
      vatId: 'FR40303265045',
      vatIdStatus: 'checking',
      vatCheck: null,
      vatCheckError: 'VIES_NOT_CONFIGURED',
    });
    expect(page.servers.map((s: { name: string }) => s.name).sort()).toEqual(['Ada Box', 'Ada Two']);
    expect(page.orders).toHaveLength(2);
    // Each order and ledger entry names its own currency, which the page formats it in.
    expect(page.orders.map((o: { currency: string }) => o.currency)).toEqual(['usd', 'usd']);
    expect(page.credit.balanceCents).toBe(700);
    expect(page.credit.entries[0]).toMatchObject({ reason: 'Lag on Tuesday', createdByEmail: staff.billing.email, currency: 'usd' });
    expect(page.tickets).toMatchObject([{ subject: 'My server lags', status: 'open' }]);
    expect(page.referrals.referredBy).toBeNull();
    expect(page.referrals.referredCount).toBe(2);
    expect(page.referrals.referred.map((r: { id: string }) => r.id).sort()).toEqual([people.grace.id, people.alan.id].sort());
    expect(page.activity.some((a: { message: string }) => a.message.includes('Lag on Tuesday'))).toBe(true);
    // Support reads money, but not the audit log.
    expect(page.staffActions).toBeNull();

    const asAdmin = (await get(`/api/admin/customers/${people.ada.id}`, 'admin')).json();
    expect(asAdmin.staffActions).toMatchObject([{ action: 'customer.credit_adjusted', actorEmail: staff.billing.email, reason: 'Lag on Tuesday' }]);

    const grace = (await get(`/api/admin/customers/${people.grace.id}`)).json();
    expect(grace.referrals.referredBy).toMatchObject({ id: people.ada.id, email: people.ada.email, name: 'Ada Lovelace' });
    expect(grace.servers).toMatchObject([{ name: 'Gone Box', status: 'cancelled' }]);
    expect(grace.profile.serverCount).toBe(0);
    const edsger = (await get(`/api/admin/customers/${people.edsger.id}`)).json();
    expect(edsger.profile).toMatchObject({ suspendedReason: 'Chargeback' });
    expect(edsger.sessions).toEqual([]);
  });

  it('answers 404 for an unknown or malformed id, and hides expired sessions', async () => {
    expect((await get(`/api/admin/customers/${randomIds.uuid()}`)).statusCode).toBe(404);
    expect((await get('/api/admin/customers/not-an-id')).statusCode).toBe(404);
    await t.database.db.insert(sessions).values({
      id: randomIds.uuid(),
      userId: people.grace.id,
      tokenHash: randomBytes(16).toString('hex'),
      createdAt: new Date(Date.now() - 40 * 86_400_000),
      rotatedAt: new Date(Date.now() - 40 * 86_400_000),
      lastSeenAt: new Date(Date.now() - 40 * 86_400_000),
      expiresAt: new Date(Date.now() - 86_400_000),
    });
    expect((await get(`/api/admin/customers/${people.grace.id}`)).json().sessions).toEqual([]);
  });
});
