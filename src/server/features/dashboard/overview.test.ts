import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { activityLog, orders, purchases, refunds, tickets } from '../../db/schema';
import { logActivity, said } from '../../lib/activity';
import { buyWithLocalCard } from '../billing/billing.fixtures';
import { minecraftChoice } from '../checkout/checkout.fixtures';
import { createSignedInUser, createTestApp, dbKinds, type TestContext } from '../../test/test-app';

describe.each(dbKinds)('GET /api/overview on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => t?.close());

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/overview' });
    expect(res.statusCode).toBe(401);
  });

  it('counts only the signed-in user\'s rows', async () => {
    const me = await createSignedInUser(t);
    const other = await createSignedInUser(t);
    const now = new Date();
    const ticket = (userId: string, status: string) => ({
      id: crypto.randomUUID(),
      userId,
      subject: 'Lag',
      category: 'technical',
      status,
      createdAt: now,
      updatedAt: now,
    });
    await t.database.db.insert(tickets).values([ticket(me.id, 'open'), ticket(me.id, 'resolved'), ticket(other.id, 'open')]);
    await t.database.db.insert(activityLog).values([
      { id: crypto.randomUUID(), userId: me.id, kind: 'ticket', message: 'Mine', createdAt: now },
      { id: crypto.randomUUID(), userId: other.id, kind: 'ticket', message: 'Theirs', createdAt: now },
    ]);
    const res = await t.app.inject({ method: 'GET', url: '/api/overview', headers: { cookie: me.cookie } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.stats).toEqual({ activeServers: 0, spent: [], supportTickets: 2, openTickets: 1, referrals: 0 });
    expect(body.activity.map((a: { message: string }) => a.message)).toEqual(['Mine']);
  });

  it('says whether the customer has bought anything: not after signing up or opening a checkout, yes once paid', async () => {
    const me = await createSignedInUser(t);
    const read = async () => (await t.app.inject({ method: 'GET', url: '/api/overview', headers: { cookie: me.cookie } })).json().hasPurchase;
    expect(await read()).toBe(false);
    const opened = await t.app.inject({ method: 'POST', url: '/api/checkout', payload: minecraftChoice, headers: { cookie: me.cookie } });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(await read()).toBe(false);
    await buyWithLocalCard(t, me.cookie);
    expect(await read()).toBe(true);
    const other = await createSignedInUser(t);
    expect((await t.app.inject({ method: 'GET', url: '/api/overview', headers: { cookie: other.cookie } })).json().hasPurchase).toBe(false);
  });

  it('totals what was spent per currency, never adding euros to dollars', async () => {
    const me = await createSignedInUser(t);
    await buyWithLocalCard(t, me.cookie);
    const euros = await buyWithLocalCard(t, me.cookie, { choice: { ...minecraftChoice, plan: 'minecraft-2gb' } });
    await t.database.db.update(orders).set({ currency: 'eur' }).where(eq(orders.id, euros.order_id));
    const body = (await t.app.inject({ method: 'GET', url: '/api/overview', headers: { cookie: me.cookie } })).json();
    expect(body.stats.spent).toEqual([
      { currency: 'usd', cents: 1400 },
      { currency: 'eur', cents: euros.invoice.grossCents },
    ]);
  });

  it('takes refunds off what was spent: a partial one from its currency, a full one drops the currency', async () => {
    const me = await createSignedInUser(t);
    await buyWithLocalCard(t, me.cookie);
    const euros = await buyWithLocalCard(t, me.cookie, { choice: { ...minecraftChoice, plan: 'minecraft-2gb' } });
    await t.database.db.update(orders).set({ currency: 'eur' }).where(eq(orders.id, euros.order_id));
    const bought = await t.database.db.select().from(purchases).where(eq(purchases.userId, me.id));
    const usd = bought.find((p) => p.orderId !== euros.order_id)!;
    const eur = bought.find((p) => p.orderId === euros.order_id)!;
    const refund = (purchase: typeof usd, amountCents: number, currency: string, status: 'succeeded' | 'pending') => ({
      id: crypto.randomUUID(),
      purchaseId: purchase.id,
      orderId: purchase.orderId,
      userId: me.id,
      amountCents,
      currency,
      method: 'card' as const,
      status,
      reason: 'Test',
      createdAt: new Date(),
    });
    await t.database.db.insert(refunds).values([refund(usd, 400, 'usd', 'succeeded'), refund(usd, 100, 'usd', 'pending'), refund(eur, eur.amountCents, 'eur', 'succeeded')]);
    await t.database.db.update(purchases).set({ status: 'refunded' }).where(eq(purchases.id, eur.id));
    const body = (await t.app.inject({ method: 'GET', url: '/api/overview', headers: { cookie: me.cookie } })).json();
    // A pending refund is not money back yet.
    expect(body.stats.spent).toEqual([{ currency: 'usd', cents: 1000 }]);
  });

  describe('the activity list in the reader\'s language', () => {
    const deps = (iso?: string) => ({ db: t.database.db, ids: { uuid: () => crypto.randomUUID() }, clock: { now: () => (iso ? new Date(iso) : new Date()) } });
    const read = async (cookie: string, query = '', headers: Record<string, string> = {}) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/overview${query}`, headers: { cookie, ...headers } });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { activity: { message: string }[] }).activity.map((a) => a.message);
    };

    it('words a payment for a German reader in German and for an English one in English, from the same row', async () => {
      const me = await createSignedInUser(t);
      const bought = await buyWithLocalCard(t, me.cookie);
      const number = bought.invoice.number;
      expect(await read(me.cookie, '?lang=en')).toContain(`Payment of $14.00 received for Minecraft 4GB (invoice ${number})`);
      const german = await read(me.cookie, '?lang=de');
      expect(german).toContain(`Zahlung von 14,00\u00a0$ für Minecraft 4GB erhalten (Rechnung ${number})`);
      expect(german).toContain('Bestellung aufgegeben: Minecraft 4GB, 1 Monat (14,00\u00a0$)');
      // Staff's console reads the stored English.
      const rows = await t.database.db.select().from(activityLog).where(eq(activityLog.userId, me.id));
      expect(rows.map((r) => r.message)).toContain(`Payment of $14.00 received for Minecraft 4GB (invoice ${number})`);
      expect(rows.every((r) => r.messageKey?.startsWith('activity.'))).toBe(true);
    });

    it('takes the picker\'s cookie, then the browser\'s language, when the page names none', async () => {
      const me = await createSignedInUser(t);
      await logActivity(deps(), { userId: me.id, kind: 'ticket', text: said('activity.ticket.created', { reference: 'K7Q2' }) });
      expect(await read(`${me.cookie}; sp_lang=fr`)).toEqual(['Ticket n° K7Q2 créé']);
      expect(await read(me.cookie, '', { 'accept-language': 'es-MX,es;q=0.9' })).toEqual(['Ticket n.º K7Q2 creado']);
      expect(await read(me.cookie, '?lang=xx', { 'accept-language': 'pt-BR' })).toEqual(['Ticket nº K7Q2 criado']);
    });

    it('writes each amount in its own currency, as the reader\'s locale writes it, and days in full', async () => {
      const me = await createSignedInUser(t);
            await logActivity(deps('2026-01-01T00:00:00Z'), {
        userId: me.id,
        kind: 'account',
        text: said('activity.credit.added', { reason: 'Goodwill' }, { money: { amount: { cents: 1250, currency: 'eur' } } }),
      });
      await logActivity(deps('2026-01-02T00:00:00Z'), {
        userId: me.id,
        kind: 'refund',
        text: said('activity.refund.made', { plan: 'Palworld 8GB', method: 'card', number: 'CN-7', reason: 'Lag' }, { money: { amount: { cents: 1500, currency: 'jpy' } } }),
      });
      await logActivity(deps('2026-01-03T00:00:00Z'), {
        userId: me.id,
        kind: 'server',
        text: said('activity.cancel.scheduled', { server: 'Creeper Valley' }, { dates: { date: '2026-03-05T00:00:00.000Z' } }),
      });
      expect(await read(me.cookie, '?lang=en')).toEqual([
        'Creeper Valley will be cancelled at the end of its billing period, on March 5, 2026',
        'Refund of ¥1,500 for Palworld 8GB to your card (CN-7): Lag',
        'Credit of €12.50: Goodwill',
      ]);
      expect(await read(me.cookie, '?lang=de')).toEqual([
        'Creeper Valley wird zum Ende des Abrechnungszeitraums am 5. März 2026 gekündigt',
        'Erstattung von 1.500\u00a0¥ für Palworld 8GB auf Ihre Karte (CN-7): Lag',
        'Gutschrift von 12,50\u00a0€: Goodwill',
      ]);
    });

    it('keeps the English of a row written before lines had a key', async () => {
      const me = await createSignedInUser(t);
      await t.database.db
        .insert(activityLog)
        .values({ id: crypto.randomUUID(), userId: me.id, kind: 'power', message: 'Server Creeper Valley restarted on schedule', createdAt: new Date() });
      expect(await read(me.cookie, '?lang=de')).toEqual(['Server Creeper Valley restarted on schedule']);
    });

    it('joins a share\'s permissions as the reader\'s language lists them', async () => {
      const me = await createSignedInUser(t);
      const text = said('activity.share.acceptedYours', { server: 'Creeper Valley' }, { lists: { permissions: ['activity.permission.console', 'activity.permission.power'] } });
      await logActivity(deps(), { userId: me.id, kind: 'access', text });
      expect(await read(me.cookie, '?lang=en')).toEqual(['You now have access to Creeper Valley (console and power)']);
      expect(await read(me.cookie, '?lang=de')).toEqual(['Sie haben jetzt Zugriff auf Creeper Valley (Konsole und Start/Stopp)']);
    });
  });
});
