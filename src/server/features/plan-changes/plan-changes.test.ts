import { writeFile, truncate, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  catalogVersions,
  invoices,
  orders,
  planChanges,
  purchases,
  refunds,
  renewals,
  serverShares,
  servers,
  servicePriceChanges,
  simPanelServers,
} from '../../db/schema';
import { PanelError } from '../../integrations/panel/game-panel';
import type { CheckoutInput } from '../../integrations/payments/payment-provider';
import { activityMessages, provisionUntilOnline, serverRow } from '../../jobs/provisioning.fixtures';
import { randomIds } from '../../lib/runtime';
import type { StaffAlert } from '../../lib/staff-alert';
import { createSignedInUser, createTestApp, dbKinds, manualClock, signIn, type TestContext } from '../../test/test-app';
import { buyWithLocalCard, del, get, post } from '../billing/billing.fixtures';
import { runRenewals } from '../billing/renewals.service';
import { priceInForce } from '../catalog/price-changes.repository';
import { minecraftChoice, payLocal } from '../checkout/checkout.fixtures';
import { applyDueDowngrade, resizeForChange } from './plan-change-resize';

const DAY = 86_400_000;
const silent = { info() {}, warn() {}, error() {} };

describe.each(dbKinds)('plan changes on %s', (kind) => {
  let t: TestContext;
  const clock = manualClock(new Date('2030-01-15T12:00:00Z'));
  const enqueued: string[] = [];

  beforeAll(async () => {
    t = await createTestApp(kind, { clock, env: { SIM_PANEL_INSTALL_SECONDS: '0' }, checkout: { resizes: { enqueue: async (id) => void enqueued.push(id) } } });
  });
  afterAll(async () => t?.close());

  /** A customer with a 2GB Minecraft server bought through the built-in checkout (card saved unless told) and set up on the simulated panel. */
  async function customerWithServer(options: { plan?: string; saveCard?: boolean } = {}) {
    clock.set(new Date('2030-01-15T12:00:00Z'));
    const user = await createSignedInUser(t);
    const bought = await buyWithLocalCard(t, user.cookie, {
      choice: { ...minecraftChoice, plan: options.plan ?? 'minecraft-2gb' },
      card: { saveCard: options.saveCard ?? true },
    });
    await provisionUntilOnline({ db: t.database.db, clock, panel: t.app.panel, events: t.app.events }, bought.server!.id);
    return { user, serverId: bought.server!.id, orderId: bought.order_id };
  }

  /** Moves the clock on and signs the customer in again (sessions idle out as the clock moves). */
  async function moveTo(at: string | Date, user: { email: string; password: string; cookie: string }) {
    clock.set(new Date(at));
    user.cookie = await signIn(t, user);
  }

  const changeOf = async (id: string) => (await t.database.db.select().from(planChanges).where(eq(planChanges.id, id)))[0]!;
  const resize = (id: string, last = true) => resizeForChange(t.app.planChanges, id, { last });

  it('upgrades 2GB to 4GB mid-period: the prorated difference on the saved card, the panel resized, plan, renewal price and invoice updated', async () => {
    const { user, serverId } = await customerWithServer();
    // 31 days in the period (15 Jan to 15 Feb); half of it left: ($14.00 − $7.00) × 1/2 = $3.50.
    await moveTo('2030-01-31T00:00:00Z', user);
    const options = await get(t, `/api/servers/${serverId}/plan-change`, user.cookie);
    expect(options.statusCode).toBe(200);
    expect(options.json().plans.map((p: { id: string }) => p.id)).toEqual(['minecraft-1gb', 'minecraft-2gb', 'minecraft-4gb', 'minecraft-8gb']);
    expect(options.json()).toMatchObject({ current: { planId: 'minecraft-2gb', ramGb: 2 }, open: null, period: { value: 'monthly', months: 1 } });
    expect(options.json().plans[2]).toMatchObject({ id: 'minecraft-4gb', ramGb: 4, diskGb: 40, playerCap: 10, monthlyCents: 1400, periodCents: 1400 });
    expect(options.json().addons.find((a: { key: string }) => a.key === 'additional-ssd')).toMatchObject({ priceCents: 250, periodCents: 250, maxQuantity: 20 });

    const quote = await post(t, `/api/servers/${serverId}/plan-change/quote`, user.cookie, { plan: 'minecraft-4gb' });
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json()).toMatchObject({
      kind: 'upgrade',
      fromCents: 700,
      toCents: 1400,
      amountCents: 350,
      tax: { grossCents: 350 },
      renewalCents: 1400,
      period: { secondsLeft: 15.5 * 86_400, secondsInPeriod: 31 * 86_400 },
      payment: { creditCents: 0, cardCents: 350, savedCard: { last4: '4242' } },
      to: { planId: 'minecraft-4gb', ramGb: 4, diskGb: 40 },
    });

    const res = await post(t, `/api/servers/${serverId}/plan-change`, user.cookie, { plan: 'minecraft-4gb', catalogVersion: quote.json().catalogVersion });
    expect(res.statusCode, res.body).toBe(200);
    const { change } = res.json();
    expect(change).toMatchObject({ kind: 'upgrade', status: 'paid', grossCents: 350 });
    expect(enqueued).toContain(change.id);
    // Charged once, invoiced as a line of its own.
    const row = await changeOf(change.id);
    const [invoice] = await t.database.db.select().from(invoices).where(eq(invoices.id, row.invoiceId!));
    expect(invoice).toMatchObject({ status: 'paid', totalCents: 350, grossCents: 350 });
    expect(invoice!.lines[0]!.description).toMatch(/Minecraft 2GB to Minecraft 4GB, prorated for the 15 days 12 hours left/);
    expect(await t.database.db.select().from(purchases).where(eq(purchases.orderId, row.orderId!))).toMatchObject([{ amountCents: 350, status: 'paid' }]);

    await resize(change.id);
    expect(await changeOf(change.id)).toMatchObject({ status: 'completed' });
    const server = await serverRow(t.database.db, serverId);
    expect(server).toMatchObject({ planId: 'minecraft-4gb', planName: 'Minecraft 4GB', ramGb: 4, diskGb: 40, status: 'online' });
    const [onPanel] = await t.database.db.select().from(simPanelServers).where(eq(simPanelServers.id, server.panelServerId!));
    expect(onPanel).toMatchObject({ ramGb: 4, vcpu: 2, diskGb: 40 });
    // The next renewal charges the 4GB price with its lines.
    expect(await priceInForce(t.database.db, serverId, server.renewsAt)).toMatchObject({ newCents: 1400, status: 'applied', planChangeId: change.id });
    expect((await get(t, `/api/servers/${serverId}`, user.cookie)).json().server).toMatchObject({ ram: 4, planName: 'Minecraft 4GB' });
    const messages = await activityMessages(t.database.db, user.id);
    expect(messages).toContain(`Payment of $3.50 received for the upgrade to Minecraft 4GB (invoice ${invoice!.number})`);
    expect(messages.some((m) => m.startsWith('Minecraft 2GB upgraded to Minecraft 4GB'))).toBe(true);
    // A second look at the resize changes nothing.
    await resize(change.id);
    expect((await t.database.db.select().from(servicePriceChanges).where(eq(servicePriceChanges.planChangeId, change.id))).length).toBe(1);
  });

  it('charges once when the upgrade is asked twice at the same moment (double click)', async () => {
    const { user, serverId } = await customerWithServer();
    await moveTo('2030-01-20T12:00:00Z', user);
    const ask = () => post(t, `/api/servers/${serverId}/plan-change`, user.cookie, { plan: 'minecraft-8gb' });
    const answers = await Promise.all([ask(), ask(), ask()]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().error.code).toBe('change_open');
    const rows = await t.database.db.select().from(planChanges).where(eq(planChanges.serverId, serverId));
    expect(rows).toHaveLength(1);
    const paid = await t.database.db.select().from(orders).where(and(eq(orders.userId, user.id), eq(orders.kind, 'plan_change')));
    expect(paid.map((o) => o.status)).toEqual(['paid']);
    // A later request while its resize is pending is refused too.
    expect((await ask()).statusCode).toBe(409);
  });

  it('refunds the charge when the panel cannot resize the server', async () => {
    const { user, serverId } = await customerWithServer();
    await moveTo('2030-02-05T12:00:00Z', user);
    const res = await post(t, `/api/servers/${serverId}/plan-change`, user.cookie, { plan: 'minecraft-4gb' });
    expect(res.statusCode, res.body).toBe(200);
    const { change } = res.json();
    const original = t.app.panel.resizeServer;
    t.app.panel.resizeServer = async () => {
      throw new PanelError('node is out of memory', true);
    };
    try {
      // A retryable failure before the last attempt throws so the job tries again; the last one refunds.
      await expect(resize(change.id, false)).rejects.toThrow('node is out of memory');
      expect((await changeOf(change.id)).status).toBe('paid');
      await resize(change.id, true);
    } finally {
      t.app.panel.resizeServer = original;
    }
    const row = await changeOf(change.id);
    expect(row).toMatchObject({ status: 'refunded', reason: 'The game panel could not resize the server, so the upgrade was not made.' });
    const made = await t.database.db.select().from(refunds).where(eq(refunds.orderId, row.orderId!));
    expect(made).toMatchObject([{ amountCents: row.grossCents, method: 'card', status: 'succeeded' }]);
    expect(await serverRow(t.database.db, serverId)).toMatchObject({ planId: 'minecraft-2gb', ramGb: 2 });
    expect((await activityMessages(t.database.db, user.id)).some((m) => m.startsWith('The upgrade to Minecraft 4GB could not be made'))).toBe(true);
    // Nothing is open any more: the customer may try again.
    expect((await get(t, `/api/servers/${serverId}/plan-change`, user.cookie)).json()).toMatchObject({ open: null, last: { status: 'refunded' } });
  });

  it('refuses a downgrade whose disk the data does not fit; schedules one that fits, cancellable, applied at the renewal', async () => {
    const { user, serverId } = await customerWithServer({ plan: 'minecraft-4gb' });
    await moveTo('2030-01-25T12:00:00Z', user);
    const server = await serverRow(t.database.db, serverId);
    // 15 GB of uploads (sparse: no real space): more than the 1GB plan's 10 GB disk, less than the 2GB plan's 20 GB.
    const folder = path.join(t.config.DATA_DIR, 'files', server.panelServerId!);
    await mkdir(folder, { recursive: true });
    await writeFile(path.join(folder, 'world.tar'), '');
    await truncate(path.join(folder, 'world.tar'), 15 * 1024 ** 3);

    const refused = await post(t, `/api/servers/${serverId}/plan-change`, user.cookie, { plan: 'minecraft-1gb' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'disk_too_small' });
    expect(refused.json().error.message).toMatch(/^This server uses 15\.\d GB of disk, more than the 10 GB the new plan has\./);

    const scheduled = await post(t, `/api/servers/${serverId}/plan-change`, user.cookie, { plan: 'minecraft-2gb' });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    expect(scheduled.json().change).toMatchObject({ kind: 'downgrade', status: 'scheduled', amountCents: 0, effectiveAt: server.renewsAt.toISOString() });
    // The owner's list carries the scheduled change for the server's card.
    const listed = (await get(t, '/api/servers', user.cookie)).json().servers.find((s: { id: string }) => s.id === serverId);
    expect(listed).toMatchObject({ cancelAt: null, planChange: { kind: 'downgrade', status: 'scheduled', toPlanName: 'Minecraft 2GB', toRamGb: 2 } });
    expect((await del(t, `/api/servers/${serverId}/plan-change`, user.cookie)).json()).toMatchObject({ status: 'cancelled' });
    expect((await post(t, `/api/servers/${serverId}/plan-change`, user.cookie, { plan: 'minecraft-2gb' })).statusCode).toBe(200);
    expect(await serverRow(t.database.db, serverId)).toMatchObject({ planId: 'minecraft-4gb' });

    // The renewal takes the smaller plan and charges its price; the resize follows.
    await moveTo(new Date(server.renewsAt.getTime() + 60_000), user);
    const deps = { db: t.database.db, clock, ids: randomIds, payments: t.app.payments, panel: t.app.panel, events: t.app.events, mailer: t.app.mailer, brand: 'Spawnpoint', publicUrl: 'http://localhost', log: silent };
    await runRenewals({ ...deps, applyPlanChanges: (s, cancelAt) => applyDueDowngrade(t.app.planChanges, s, cancelAt) });
    const [renewal] = await t.database.db.select().from(renewals).where(eq(renewals.serverId, serverId));
    expect(renewal).toMatchObject({ amountCents: 700, status: 'paid' });
    const [invoice] = await t.database.db.select().from(invoices).where(eq(invoices.id, renewal!.invoiceId!));
    expect(invoice!.lines[0]!.description).toMatch(/Minecraft 2GB server/);
    expect(await serverRow(t.database.db, serverId)).toMatchObject({ planId: 'minecraft-2gb', ramGb: 2, diskGb: 20 });
    const [open] = await t.database.db.select().from(planChanges).where(and(eq(planChanges.serverId, serverId), eq(planChanges.status, 'applying')));
    await resize(open!.id);
    expect(await changeOf(open!.id)).toMatchObject({ status: 'completed' });
    const [onPanel] = await t.database.db.select().from(simPanelServers).where(eq(simPanelServers.id, server.panelServerId!));
    expect(onPanel).toMatchObject({ ramGb: 2, diskGb: 20 });
  });

  it('tells staff when the panel refuses a downgrade the renewal already charged for', async () => {
    const { user, serverId } = await customerWithServer({ plan: 'minecraft-4gb' });
    await moveTo('2030-01-25T12:00:00Z', user);
    const server = await serverRow(t.database.db, serverId);
    expect((await post(t, `/api/servers/${serverId}/plan-change`, user.cookie, { plan: 'minecraft-2gb' })).statusCode).toBe(200);
    await moveTo(new Date(server.renewsAt.getTime() + 60_000), user);
    const deps = { db: t.database.db, clock, ids: randomIds, payments: t.app.payments, panel: t.app.panel, events: t.app.events, mailer: t.app.mailer, brand: 'Spawnpoint', publicUrl: 'http://localhost', log: silent };
    await runRenewals({ ...deps, applyPlanChanges: (s, cancelAt) => applyDueDowngrade(t.app.planChanges, s, cancelAt) });
    const [open] = await t.database.db.select().from(planChanges).where(and(eq(planChanges.serverId, serverId), eq(planChanges.status, 'applying')));
    const raised: StaffAlert[] = [];
    const original = t.app.panel.resizeServer;
    t.app.panel.resizeServer = async () => {
      throw new PanelError('the node refused the smaller disk', false, 'panel_validation', 422);
    };
    try {
      await resizeForChange({ ...t.app.planChanges, alerts: { raise: async (alert) => void raised.push(alert) } }, open!.id, { last: false });
    } finally {
      t.app.panel.resizeServer = original;
    }
    expect(await changeOf(open!.id)).toMatchObject({ status: 'failed', reason: 'The game panel did not apply the smaller limits; our team has been told.' });
    expect(raised).toMatchObject([{ kind: 'server_needs_staff', link: `/admin/servers/${serverId}` }]);
    expect(raised[0]!.lines[0]).toContain('the node refused the smaller disk');
  });

  it('calls a scheduled downgrade off at the renewal when the data has grown past the smaller disk', async () => {
    const { user, serverId } = await customerWithServer({ plan: 'minecraft-4gb' });
    await moveTo('2030-01-25T12:00:00Z', user);
    expect((await post(t, `/api/servers/${serverId}/plan-change`, user.cookie, { plan: 'minecraft-1gb' })).statusCode).toBe(200);
    const server = await serverRow(t.database.db, serverId);
    const folder = path.join(t.config.DATA_DIR, 'files', server.panelServerId!);
    await mkdir(folder, { recursive: true });
    await writeFile(path.join(folder, 'big.bin'), '');
    await truncate(path.join(folder, 'big.bin'), 12 * 1024 ** 3);
    await moveTo(new Date(server.renewsAt.getTime() + 60_000), user);
    await applyDueDowngrade(t.app.planChanges, server, null);
    const [row] = await t.database.db.select().from(planChanges).where(eq(planChanges.serverId, serverId));
    expect(row).toMatchObject({ status: 'cancelled' });
    expect(row!.reason).toMatch(/no longer fits the 10 GB disk of Minecraft 1GB, so it stays on Minecraft 4GB/);
    expect(await serverRow(t.database.db, serverId)).toMatchObject({ planId: 'minecraft-4gb' });
  });

  it('opens a checkout when there is no saved card, and the paid checkout starts the upgrade', async () => {
    const { user, serverId } = await customerWithServer({ saveCard: false });
    await moveTo('2030-02-08T12:00:00Z', user);
    const quote = (await post(t, `/api/servers/${serverId}/plan-change/quote`, user.cookie, { plan: 'minecraft-4gb' })).json();
    expect(quote.payment.savedCard).toBeNull();
    const res = await post(t, `/api/servers/${serverId}/plan-change`, user.cookie, { plan: 'minecraft-4gb' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.change.status).toBe('awaiting_payment');
    expect(body.checkout_url).toMatch(/\/checkout\//);
    const sessionId = body.checkout_url.split('/checkout/')[1].split(/[?#]/)[0];
    const paid = await payLocal(t, sessionId);
    expect(paid.statusCode, paid.body).toBe(200);
    const row = await changeOf(body.change.id);
    expect(row.status).toBe('paid');
    const [invoice] = await t.database.db.select().from(invoices).where(eq(invoices.orderId, row.orderId!));
    expect(invoice).toMatchObject({ status: 'paid', grossCents: quote.tax.grossCents });
    await resize(row.id);
    expect(await serverRow(t.database.db, serverId)).toMatchObject({ ramGb: 4 });
  });

  it('opens the upgrade’s checkout in the customer’s language: the provider’s page, its title and its line (decision 078)', async () => {
    const { user, serverId } = await customerWithServer({ saveCard: false });
    await moveTo('2030-02-08T12:00:00Z', user);
    const payments = t.app.planChanges.payments;
    const original = payments.createCheckout.bind(payments);
    const sent: CheckoutInput[] = [];
    payments.createCheckout = async (input) => {
      sent.push(input);
      return original(input);
    };
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/servers/${serverId}/plan-change`,
        headers: { cookie: `${user.cookie}; sp_lang=de` },
        payload: { plan: 'minecraft-4gb' },
      });
      expect(res.statusCode, res.body).toBe(200);
    } finally {
      payments.createCheckout = original;
    }
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ locale: 'de', description: 'Upgrade auf Minecraft 4GB' });
    expect(sent[0]!.lines[0]!.description).toMatch(/^.+: Wechsel von Minecraft 2GB zu Minecraft 4GB, anteilig für die verbleibende Zeit \(7 Tage\) bis /);
  });

  it('refuses subusers, suspended and cancelled servers, and bad input', async () => {
    const { user, serverId } = await customerWithServer();
    const other = await createSignedInUser(t);
    const url = `/api/servers/${serverId}/plan-change`;
    // Someone else's server, a malformed id, and no session.
    expect((await get(t, url, other.cookie)).statusCode).toBe(404);
    expect((await post(t, '/api/servers/not-a-server/plan-change', user.cookie, { plan: 'minecraft-4gb' })).statusCode).toBe(404);
    expect((await post(t, url, undefined, { plan: 'minecraft-4gb' })).statusCode).toBe(401);
    // A subuser with every permission still may not.
    await t.database.db.insert(serverShares).values({
      id: randomIds.uuid(),
      serverId,
      email: other.email,
      userId: other.id,
      permissions: ['console', 'power', 'backups', 'files', 'settings'],
      invitedAt: clock.now(),
      expiresAt: new Date(clock.now().getTime() + DAY),
      acceptedAt: clock.now(),
      updatedAt: clock.now(),
    });
    for (const res of [await get(t, url, other.cookie), await post(t, url, other.cookie, { plan: 'minecraft-4gb' }), await del(t, url, other.cookie)]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe("Only the server's owner can change its plan.");
    }
    // Bad choices.
    const bad = async (payload: object) => (await post(t, `${url}/quote`, user.cookie, payload)).json().error;
    expect(await bad({ plan: 'fivem-4gb' })).toMatchObject({ code: 'bad_request', message: 'That plan is not available for this game.' });
    expect(await bad({ plan: 'minecraft-2gb' })).toMatchObject({ message: 'That is the plan this server already has.' });
    expect(await bad({ plan: 'minecraft-4gb', addons: { 'gold-plating': 1 } })).toMatchObject({ message: 'The add-on "gold-plating" is not available.' });
    expect(await bad({ plan: 'minecraft-4gb', addons: { 'additional-ssd': 99 } })).toMatchObject({ code: 'bad_request' });
    expect((await post(t, `${url}/quote`, user.cookie, { plan: 'minecraft-4gb', addons: { 'additional-ssd': -1 } })).statusCode).toBe(400);
    expect((await post(t, `${url}/quote`, user.cookie, { plan: '' })).statusCode).toBe(400);
    expect((await post(t, url, user.cookie, { plan: 'minecraft-4gb', pay: 'cash' })).statusCode).toBe(400);
    expect((await post(t, url, user.cookie, { plan: 'minecraft-4gb', catalogVersion: 999 })).json().error.code).toBe('quote_outdated');
    expect((await del(t, url, user.cookie)).statusCode).toBe(404);
    // Suspended, then cancelled.
    await t.database.db.update(servers).set({ status: 'suspended' }).where(eq(servers.id, serverId));
    expect((await post(t, url, user.cookie, { plan: 'minecraft-4gb' })).json().error.code).toBe('server_suspended');
    await t.database.db.update(servers).set({ status: 'cancelled' }).where(eq(servers.id, serverId));
    expect((await post(t, `${url}/quote`, user.cookie, { plan: 'minecraft-4gb' })).json().error.code).toBe('server_cancelled');
    expect(await t.database.db.select().from(planChanges).where(eq(planChanges.serverId, serverId))).toHaveLength(0);
  });

  it("stores the extra ports the new plan's panel set-up gives, for the server card (decision 045)", async () => {
    const { user, serverId } = await customerWithServer();
    await moveTo('2030-02-05T12:00:00Z', user);
    const res = await post(t, `/api/servers/${serverId}/plan-change`, user.cookie, { plan: 'minecraft-4gb' });
    expect(res.statusCode, res.body).toBe(200);
    const { change } = res.json();
    // The change's catalog version gives the new plan two extra ports.
    const row = await changeOf(change.id);
    const [sold] = await t.database.db.select().from(catalogVersions).where(eq(catalogVersions.version, row.catalogVersion));
    const draft = structuredClone(sold!.catalog);
    draft.plans.find((p) => p.id === 'minecraft-4gb')!.panel = { extraPorts: 2 };
    const version = row.catalogVersion + 1000;
    await t.database.db.insert(catalogVersions).values({ version, catalog: draft, createdAt: clock.now() });
    await t.database.db.update(planChanges).set({ catalogVersion: version }).where(eq(planChanges.id, change.id));
    const original = t.app.panel.getServer;
    const sizes: (number | null | undefined)[] = [];
    const resizeOriginal = t.app.panel.resizeServer;
    t.app.panel.resizeServer = async (id, build) => (sizes.push(build.panel?.extraPorts), resizeOriginal(id, build));
    t.app.panel.getServer = async (id) => ({ ...(await original(id)), extraPorts: [25566, 25567] });
    try {
      await resize(change.id, true);
    } finally {
      t.app.panel.getServer = original;
      t.app.panel.resizeServer = resizeOriginal;
    }
    expect(sizes).toEqual([2]);
    expect(await serverRow(t.database.db, serverId)).toMatchObject({ planId: 'minecraft-4gb', extraPorts: [25566, 25567] });
    const view = (await get(t, '/api/servers', user.cookie)).json().servers.find((x: { id: string }) => x.id === serverId);
    expect(view.extraPorts).toEqual([25566, 25567]);
  });
});
