import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogVersions, creditLedger, invoices, orders, purchases, refunds, regionMoves, servers, serverShares, simPanelServers, softwareSwitches } from '../../db/schema';
import type { SimPanel } from '../../integrations/panel/sim-panel';
import { simNodeIp } from '../../integrations/panel/sim-network';
import { activityMessages, serverRow } from '../../jobs/provisioning.fixtures';
import { createSignedInUser, createTestApp, dbKinds, manualClock, readMailbox, signIn, type TestContext } from '../../test/test-app';
import { get, post } from '../billing/billing.fixtures';
import { balanceCents } from '../../lib/credit-ledger';
import { priceInForce } from '../catalog/price-changes.repository';
import { moveExternalId, runMove } from './region-move-run';
import { PanelError, type PanelServerInput } from '../../integrations/panel/game-panel';
import { customerWithServer, driveMove, moveOf, priceLocation, simRow } from './region-moves.fixtures';

describe.each(dbKinds)('region moves on %s', (kind) => {
  let t: TestContext;
  const clock = manualClock(new Date('2030-01-15T12:00:00Z'));
  const enqueued: string[] = [];

  beforeAll(async () => {
    t = await createTestApp(kind, {
      clock,
      env: { SIM_PANEL_INSTALL_SECONDS: '0', SIM_PANEL_CAPACITY_BY_LOCATION: '{"asia-pacific":0}' },
      checkout: { moves: { enqueue: async (id) => void enqueued.push(id) }, resizes: { enqueue: async () => {} } },
    });
  });
  afterAll(async () => t?.close());

  const panel = () => t.app.panel as SimPanel;
  const ref = (server: { panelServerId: string | null; panelIdentifier: string | null }) => ({ panelServerId: server.panelServerId!, identifier: server.panelIdentifier! });

  async function startMove(cookie: string, serverId: string, location = 'eu-west') {
    const res = await post(t, `/api/servers/${serverId}/move`, cookie, { location });
    expect(res.statusCode, res.body).toBe(202);
    return res.json() as { id: string; status: string };
  }

  it('moves a server from US West to EU West: stopped, backed up, recreated with its files, switched, the old one removed, the customer told', async () => {
    const { user, serverId, server: before } = await customerWithServer(t, clock);
    await panel().writeFile(ref(before), 'world/notes.txt', 'built a castle');

    const options = await get(t, `/api/servers/${serverId}/move`, user.cookie);
    expect(options.statusCode, options.body).toBe(200);
    expect(options.json()).toMatchObject({
      current: { value: 'us-west', label: 'US West (California)', address: `${before.ip}:${before.port}` },
      full: [{ value: 'asia-pacific' }],
      open: null,
      last: null,
    });
    expect(options.json().locations.map((l: { value: string }) => l.value)).toEqual(['us-east', 'eu-west']);
    expect(options.json().locations[1]).toMatchObject({ label: 'EU West (Amsterdam)', amountCents: 0, grossCents: 0, renewalCents: 1400 });

    const started = await startMove(user.cookie, serverId);
    expect(started).toMatchObject({ status: 'running', from: { value: 'us-west' }, to: { value: 'eu-west', address: null } });
    expect(enqueued).toContain(started.id);
    // While it moves, the card says so, and power and backups wait.
    expect((await get(t, '/api/servers', user.cookie)).json().servers[0]).toMatchObject({ moving: { toLabel: 'EU West (Amsterdam)' } });
    const power = await post(t, `/api/servers/${serverId}/power`, user.cookie, { action: 'restart' });
    expect(power.statusCode).toBe(409);
    expect(power.json().error).toEqual({ code: 'server_moving', message: 'This server is being moved to another location. Try again once the move is done.' });
    expect((await post(t, `/api/servers/${serverId}/backups`, user.cookie, {})).json().error.code).toBe('server_moving');
    expect((await post(t, `/api/servers/${serverId}/plan-change`, user.cookie, { plan: 'minecraft-8gb' })).json().error.code).toBe('server_moving');
    expect((await post(t, `/api/servers/${serverId}/software-switch`, user.cookie, { software: 'paper', version: '1.21.1' })).json().error.code).toBe('server_moving');

    const done = await driveMove(t, clock, started.id);
    expect(done).toMatchObject({ status: 'completed', step: null });
    const after = await serverRow(t.database.db, serverId);
    expect(after).toMatchObject({ location: 'eu-west', ip: simNodeIp('eu-west'), status: 'online' });
    expect(after.panelServerId).not.toBe(before.panelServerId);
    expect(await simRow(t, before.panelServerId!)).toBeNull();
    expect(await simRow(t, after.panelServerId!)).toMatchObject({ location: 'eu-west', externalId: moveExternalId(done) });
    // The world came along, and the move's backup is kept with the new server.
    expect(await panel().readFile(ref(after), 'world/notes.txt', 1000)).toBe('built a castle');
    expect((await panel().listBackups(ref(after))).map((b) => b.id)).toContain(done.backupId);

    const view = (await get(t, `/api/servers/${serverId}/move`, user.cookie)).json();
    expect(view.current).toEqual({ value: 'eu-west', label: 'EU West (Amsterdam)', address: `${after.ip}:${after.port}` });
    expect(view.last).toMatchObject({ status: 'completed', to: { value: 'eu-west', address: `${after.ip}:${after.port}` } });
    expect(view.last.steps.map((s: { status: string }) => s.status)).toEqual(['done', 'done', 'done', 'done', 'done', 'done']);
    expect((await get(t, '/api/servers', user.cookie)).json().servers[0]).toMatchObject({ location: 'eu-west', locationLabel: 'EU West (Amsterdam)', moving: null });

    const messages = await activityMessages(t.database.db, user.id);
    expect(messages).toContain('Move of Creeper Valley from US West (California) to EU West (Amsterdam) started');
    // Read in German, the locations are the catalog's German names (decision 085).
    const german = (await get(t, '/api/overview?lang=de', user.cookie)).json().activity.map((a: { message: string }) => a.message);
    expect(german).toContain('Umzug von Creeper Valley von USA West (Kalifornien) nach Westeuropa (Amsterdam) gestartet');
    expect(messages).toContain(`Server moved from US West (California) to EU West (Amsterdam): its new address is ${after.ip}:${after.port}.`);
    const mail = (await readMailbox(t, user.email)).filter((m) => m.subject === 'Creeper Valley now runs in EU West (Amsterdam)');
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toContain(`Its new address is ${after.ip}:${after.port}`);

    // Running the job again changes nothing.
    await driveMove(t, clock, started.id);
    expect((await activityMessages(t.database.db, user.id)).filter((m) => m.startsWith('Server moved'))).toHaveLength(1);
  });

  const failures = [
    ['stop', 'power'],
    ['backup', 'createBackup'],
    ['create', 'createServer'],
    ['restore', 'copyBackup'],
    ['switch', 'getServer'],
    ['remove', 'deleteServer'],
  ] as const;

  it.each(failures)('rolls back when the panel fails at the %s step (%s): the old server untouched and online', async (step, method) => {
    const { user, serverId, server: before } = await customerWithServer(t, clock);
    await panel().writeFile(ref(before), 'world/notes.txt', 'do not lose me');
    const started = await startMove(user.cookie, serverId);
    panel().injectFailure(method, 1);
    const ended = await driveMove(t, clock, started.id);

    expect(ended).toMatchObject({ status: 'rolled_back', step: null });
    expect(ended.reason).toMatch(/^The game panel could not .+ The server stays in US West \(California\)\.$/);
    const after = await serverRow(t.database.db, serverId);
    expect(after).toMatchObject({ location: 'us-west', panelServerId: before.panelServerId, ip: before.ip, port: before.port });
    clock.advance(10_000);
    expect((await t.app.panel.getServer(before.panelServerId!)).state).toBe('online');
    expect(await panel().readFile(ref(before), 'world/notes.txt', 1000)).toBe('do not lose me');
    // No half-made server is left in EU West, and the move's backup is gone.
    expect(await t.database.db.select().from(simPanelServers).where(eq(simPanelServers.externalId, moveExternalId(ended)))).toEqual([]);
    expect((await panel().listBackups(ref(before))).map((b) => b.id)).not.toContain(ended.backupId);

    const view = (await get(t, `/api/servers/${serverId}/move`, user.cookie)).json();
    const failed = view.last.steps.find((s: { step: string }) => s.step === step);
    expect(failed).toMatchObject({ status: 'failed' });
    expect(failed.detail).toMatch(/^The game panel could not/);
    expect((await activityMessages(t.database.db, user.id)).filter((m) => m.startsWith('The move to EU West (Amsterdam) was rolled back'))).toHaveLength(1);
    expect((await readMailbox(t, user.email)).filter((m) => m.subject === 'Creeper Valley could not be moved to EU West (Amsterdam)')).toHaveLength(1);
    // It can be tried again.
    expect((await post(t, `/api/servers/${serverId}/move`, user.cookie, { location: 'us-east' })).statusCode).toBe(202);
  });

  it("recreates the server with its catalog version's panel set-up, and keeps no ports of the old node", async () => {
    const { user, serverId } = await customerWithServer(t, clock);
    const row = await serverRow(t.database.db, serverId);
    const [sold] = await t.database.db.select().from(catalogVersions).where(eq(catalogVersions.version, row.catalogVersion!));
    const draft = structuredClone(sold!.catalog);
    draft.plans.find((p) => p.id === row.planId)!.panel = { extraPorts: 2, ioWeight: 700, deployTo: ['us-west'] };
    const version = row.catalogVersion! + 2000;
    await t.database.db.insert(catalogVersions).values({ version, catalog: draft, createdAt: clock.now() });
    await t.database.db.update(servers).set({ catalogVersion: version, extraPorts: [25566, 25567] }).where(eq(servers.id, serverId));
    const inputs: PanelServerInput[] = [];
    const original = panel().createServer;
    panel().createServer = async (input) => (inputs.push(input), original(input));
    try {
      const done = await driveMove(t, clock, (await startMove(user.cookie, serverId)).id);
      expect(done).toMatchObject({ status: 'completed' });
    } finally {
      panel().createServer = original;
    }
    expect(inputs[0]).toMatchObject({ location: 'eu-west', playerCap: row.playerCap, panel: { extraPorts: 2, ioWeight: 700 } });
    // The plan's deploy targets would send it back where it came from: the chosen location wins.
    expect(inputs[0]?.panel).not.toHaveProperty('deployTo');
    // The simulated panel gives no extra ports: the old node's are not shown for the new server.
    expect((await serverRow(t.database.db, serverId)).extraPorts).toEqual([]);
  });

  it('retries a step the panel says may pass later, and rolls back only on the last attempt', async () => {
    const { user, serverId } = await customerWithServer(t, clock);
    const started = await startMove(user.cookie, serverId);
    panel().injectFailure('createServer', 2, { retryable: true, status: 503 });
    // The first attempts throw, so pg-boss retries the same step; nothing is rolled back.
    let thrown = 0;
    for (let i = 0; i < 20 && thrown < 2; i += 1) {
      try {
        const outcome = await runMove(t.app.regionMoves, started.id, { last: false });
        if (outcome.wait) clock.advance(2_000);
      } catch (error) {
        expect(error).toBeInstanceOf(PanelError);
        thrown += 1;
      }
    }
    expect(thrown).toBe(2);
    expect(await moveOf(t, started.id)).toMatchObject({ status: 'running', step: 'create' });
    expect(await driveMove(t, clock, started.id, { last: false })).toMatchObject({ status: 'completed' });
  });

  it('charges a dearer location prorated (credit, then the saved card), invoices it, and renews at the new price', async () => {
    await priceLocation(t, clock.now(), 'eu-west', 300);
    const { user, serverId } = await customerWithServer(t, clock);
    // Half of the 31-day period left: ($17.00 − $14.00) × 15.5 / 31 = $1.50.
    clock.set(new Date('2030-01-31T00:00:00Z'));
    user.cookie = await signIn(t, user);
    const option = (await get(t, `/api/servers/${serverId}/move`, user.cookie)).json().locations.find((l: { value: string }) => l.value === 'eu-west');
    expect(option).toMatchObject({ amountCents: 150, grossCents: 150, renewalCents: 1700 });

    const started = await startMove(user.cookie, serverId);
    const move = await moveOf(t, started.id);
    expect(move).toMatchObject({ status: 'running', amountCents: 150, grossCents: 150, creditCents: 0 });
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, move.orderId!));
    expect(order).toMatchObject({ kind: 'region_move', status: 'paid', totalCents: 150 });
    const [invoice] = await t.database.db.select().from(invoices).where(eq(invoices.id, move.invoiceId!));
    expect(invoice!.lines[0]!.description).toMatch(/Creeper Valley: move from US West \(California\) to EU West \(Amsterdam\), prorated for the 15 days 12 hours left/);
    expect(await t.database.db.select().from(purchases).where(eq(purchases.orderId, order!.id))).toMatchObject([{ amountCents: 150, status: 'paid' }]);

    expect(await driveMove(t, clock, started.id)).toMatchObject({ status: 'completed' });
    const server = await serverRow(t.database.db, serverId);
    expect(await priceInForce(t.database.db, serverId, server.renewsAt)).toMatchObject({ newCents: 1700, status: 'applied' });
    expect(await activityMessages(t.database.db, user.id)).toContain(`Payment of $1.50 received for the move to EU West (Amsterdam) (invoice ${invoice!.number})`);
  });

  it('refunds the charge when a paid move rolls back', async () => {
    await priceLocation(t, clock.now(), 'eu-west', 300);
    const { user, serverId } = await customerWithServer(t, clock);
    const started = await startMove(user.cookie, serverId);
    const move = await moveOf(t, started.id);
    expect(move.grossCents).toBeGreaterThan(0);
    panel().injectFailure('createServer', 1);
    expect(await driveMove(t, clock, started.id)).toMatchObject({ status: 'rolled_back' });
    const refunded = await t.database.db.select().from(refunds).where(eq(refunds.orderId, move.orderId!));
    expect(refunded.reduce((sum, r) => sum + r.amountCents, 0)).toBe(move.grossCents);
    expect((await activityMessages(t.database.db, user.id)).some((m) => m.includes(`paid for it was refunded`))).toBe(true);
  });

  it('credits a cheaper location, prorated, once the move completes', async () => {
    await priceLocation(t, clock.now(), 'eu-west', 300);
    const { user, serverId } = await customerWithServer(t, clock, { location: 'eu-west' });
    clock.set(new Date('2030-01-31T00:00:00Z'));
    user.cookie = await signIn(t, user);
    const option = (await get(t, `/api/servers/${serverId}/move`, user.cookie)).json().locations.find((l: { value: string }) => l.value === 'us-west');
    expect(option).toMatchObject({ amountCents: -150, grossCents: -150, renewalCents: 1400 });
    const started = await startMove(user.cookie, serverId, 'us-west');
    // Nothing is credited before the move is done.
    expect(await balanceCents(t.database.db, user.id, 'usd')).toBe(0);
    expect(await driveMove(t, clock, started.id)).toMatchObject({ status: 'completed', grossCents: -150 });
    expect(await balanceCents(t.database.db, user.id, 'usd')).toBe(150);
    expect(await t.database.db.select().from(creditLedger).where(and(eq(creditLedger.userId, user.id), eq(creditLedger.kind, 'refund_credit')))).toHaveLength(1);
    const server = await serverRow(t.database.db, serverId);
    expect(await priceInForce(t.database.db, serverId, server.renewsAt)).toMatchObject({ newCents: 1400, status: 'applied' });
    expect((await readMailbox(t, user.email))[0]!.text).toContain('$1.50 for the rest of this period was added to your account credit');
    await priceLocation(t, clock.now(), 'eu-west', 0);
  });

  it('refuses what cannot move, in words', async () => {
    const { user, serverId } = await customerWithServer(t, clock);
    const ask = (body: object, cookie = user.cookie) => post(t, `/api/servers/${serverId}/move`, cookie, body);
    const refusal = async (body: object, status: number, code: string, cookie?: string) => {
      const res = await ask(body, cookie);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().error.code).toBe(code);
      return res.json().error.message as string;
    };
    expect(await refusal({ location: 'us-west' }, 400, 'bad_request')).toBe('The server is already in that location.');
    expect(await refusal({ location: 'mars' }, 400, 'bad_request')).toBe('That location is not one we offer.');
    expect(await refusal({ location: 'asia-pacific' }, 409, 'no_capacity')).toMatch(/full right now/);
    expect(await refusal({ location: '' }, 400, 'validation_failed')).toBeTruthy();
    const stranger = await createSignedInUser(t);
    expect((await ask({ location: 'eu-west' }, stranger.cookie)).statusCode).toBe(404);
    expect((await get(t, `/api/servers/${serverId}/move`)).statusCode).toBe(401);
    // Someone the server is shared with, even with every permission, cannot move it.
    const friend = await createSignedInUser(t);
    const now0 = clock.now();
    await t.database.db.insert(serverShares).values({
      id: randomUUID(),
      serverId,
      email: friend.email,
      userId: friend.id,
      permissions: ['console', 'power', 'backups', 'files', 'settings'],
      invitedBy: user.id,
      invitedAt: now0,
      expiresAt: new Date(now0.getTime() + 86_400_000),
      acceptedAt: now0,
      updatedAt: now0,
    });
    for (const res of [await get(t, `/api/servers/${serverId}/move`, friend.cookie), await ask({ location: 'eu-west' }, friend.cookie)]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe('Only the owner of this server can move it.');
    }

    // A plan change under way (a downgrade waiting for the renewal).
    expect((await post(t, `/api/servers/${serverId}/plan-change`, user.cookie, { plan: 'minecraft-2gb' })).statusCode).toBe(200);
    expect(await refusal({ location: 'eu-west' }, 409, 'plan_change_open')).toMatch(/plan change is under way/);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/servers/${serverId}/plan-change`, headers: { cookie: user.cookie } })).statusCode).toBe(200);

    // The software being switched.
    const switchId = randomUUID();
    const now = clock.now();
    await t.database.db.insert(softwareSwitches).values({ id: switchId, serverId, userId: user.id, status: 'running', step: 'backup', toSoftware: 'paper', toVersion: '1.21.1', stepStartedAt: now, createdAt: now, updatedAt: now });
    expect(await refusal({ location: 'eu-west' }, 409, 'switch_open')).toMatch(/software is being changed/);
    await t.database.db.update(softwareSwitches).set({ status: 'succeeded' }).where(eq(softwareSwitches.id, switchId));

    // Two at once: one move.
    const answers = await Promise.all([ask({ location: 'eu-west' }), ask({ location: 'us-east' })]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([202, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().error.code).toBe('move_open');
    expect(await t.database.db.select().from(regionMoves).where(eq(regionMoves.serverId, serverId))).toHaveLength(1);

    for (const [status, code] of [['suspended', 'server_suspended'], ['cancelled', 'server_cancelled']] as const) {
      const other = await customerWithServer(t, clock);
      await t.database.db.update(servers).set({ status }).where(eq(servers.id, other.serverId));
      const res = await post(t, `/api/servers/${other.serverId}/move`, other.user.cookie, { location: 'eu-west' });
      expect(res.statusCode).toBe(409);
      expect(res.json().error.code).toBe(code);
    }
  });

  it('refuses a dearer location without a saved card or enough credit', async () => {
    await priceLocation(t, clock.now(), 'eu-west', 300);
    const { user, serverId } = await customerWithServer(t, clock, { saveCard: false });
    const res = await post(t, `/api/servers/${serverId}/move`, user.cookie, { location: 'eu-west' });
    expect(res.statusCode).toBe(402);
    expect(res.json().error).toMatchObject({ code: 'payment_required' });
    expect(await t.database.db.select().from(regionMoves).where(eq(regionMoves.serverId, serverId))).toHaveLength(0);
    // The same price elsewhere needs no card.
    expect((await post(t, `/api/servers/${serverId}/move`, user.cookie, { location: 'us-east' })).statusCode).toBe(202);
    await priceLocation(t, clock.now(), 'eu-west', 0);
  });
});
