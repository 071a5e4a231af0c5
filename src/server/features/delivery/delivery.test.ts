import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogDraft } from '../../../shared/catalog-draft';
import { auditLog, deliveryTasks, planChanges } from '../../db/schema';
import { createPterodactylPanel } from '../../integrations/panel/pterodactyl';
import { provisionUntilOnline, serverRow } from '../../jobs/provisioning.fixtures';
import { randomIds } from '../../lib/runtime';
import { startFakePterodactyl, type FakePterodactyl } from '../../test/fakes/pterodactyl/fake-pterodactyl';
import { createSignedInUser, createTestApp, dbKinds, manualClock, signIn, signInStaff, type TestContext, type TestUser } from '../../test/test-app';
import { buyWithLocalCard, get, post } from '../billing/billing.fixtures';
import { runRenewals } from '../billing/renewals.service';
import { minecraftChoice } from '../checkout/checkout.fixtures';
import { applyDueDowngrade, resizeForChange } from '../plan-changes/plan-change-resize';

const silent = { info() {}, warn() {}, error() {} };

/** What add-ons and packs deliver (decision 058), on the production panel driver against the fake Pterodactyl. */
describe.each(dbKinds)('delivery of add-ons and packs on %s', (kind) => {
  let t: TestContext;
  let fake: FakePterodactyl;
  let admin: TestUser & { cookie: string };
  const clock = manualClock(new Date('2030-01-15T12:00:00Z'));

  beforeAll(async () => {
    fake = await startFakePterodactyl({ apiKey: 'ptla_key', clientKey: 'ptlc_key', resourceCacheMs: 0 });
    fake.addNode({ location_id: 1 }, [25565, 25566, 25567, 25568]);
    const panel = createPterodactylPanel({
      url: fake.url,
      applicationKey: 'ptla_key',
      clientKey: 'ptlc_key',
      flavor: 'pterodactyl',
      eggs: { minecraft: { egg: 1, nest: 1 } },
      locations: { 'us-west': 1 },
    });
    t = await createTestApp(kind, { clock, checkout: { panel, resizes: { enqueue: async () => {} } } });
    admin = await createSignedInUser(t, { role: 'admin' });
    const current = (await get(t, '/api/admin/catalog', admin.cookie)).json() as { version: number; catalog: CatalogDraft };
    const extra = (key: string, name: string, delivery: CatalogDraft['addons'][number]['delivery']) => ({
      key, name, description: name, priceCents: 100, maxQuantity: 1, sort: 10, hidden: false, delivery,
    });
    const catalog: CatalogDraft = {
      ...current.catalog,
      addons: [
        ...current.catalog.addons,
        extra('extra-databases', 'Two databases', { type: 'panel', resource: 'databases', amount: 2 }),
        extra('priority-line', 'Priority line', { type: 'priority-support' }),
        extra('setup-help', 'Plugin set-up', { type: 'manual' }),
      ],
    };
    const save = (c: CatalogDraft) => t.app.inject({ method: 'PUT', url: '/api/admin/catalog', headers: { cookie: admin.cookie }, payload: { baseVersion: current.version, catalog: c, reason: 'Delivered add-ons' } });
    // A panel amount the resource cannot take is refused with the field named; nothing is saved.
    const half = { ...catalog, addons: catalog.addons.map((a) => (a.key === 'extra-databases' ? { ...a, delivery: { type: 'panel' as const, resource: 'databases' as const, amount: 1.5 } } : a)) };
    const refused = await save(half);
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('addons.extra-databases.delivery');
    const saved = await save(catalog);
    expect(saved.statusCode, saved.body).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  async function customerWithServer(addons: Record<string, number> = {}) {
    clock.set(new Date('2030-01-15T12:00:00Z'));
    const user = await createSignedInUser(t);
    const bought = await buyWithLocalCard(t, user.cookie, { choice: { ...minecraftChoice, addons } });
    const serverId = bought.server!.id;
    // A panel call that times out on a loaded machine leaves the step to its retry, as the job would.
    for (let attempt = 1; ; attempt += 1) {
      try {
        await provisionUntilOnline({ db: t.database.db, clock, panel: t.app.panel, events: t.app.events }, serverId, (id) => fake.servers.some((s) => s.external_id === id) && fake.finishInstall(id));
        break;
      } catch (error) {
        if (attempt >= 3) throw error;
      }
    }
    return { user, serverId, orderId: bought.order_id };
  }
  const onPanel = (serverId: string) => fake.servers.find((s) => s.external_id === serverId)!;

  it('adds a panel-side add-on to the server on the panel when bought, and takes it off at the renewal after it is dropped', async () => {
    const { user, serverId } = await customerWithServer();
    expect(onPanel(serverId).database_limit).toBe(0);

    const bought = await post(t, `/api/servers/${serverId}/plan-change`, user.cookie, { plan: 'minecraft-4gb', addons: { 'extra-databases': 1 } });
    expect(bought.statusCode, bought.body).toBe(200);
    await resizeForChange(t.app.planChanges, bought.json().change.id, { last: true });
    expect(onPanel(serverId).database_limit).toBe(2);
    expect((await serverRow(t.database.db, serverId)).addons).toEqual({ 'extra-databases': 1 });
    const view = (await get(t, '/api/upgrades', user.cookie)).json();
    expect(view.servers[0].addons).toEqual([
      { key: 'extra-databases', name: 'Two databases', quantity: 1, delivery: { type: 'panel', resource: 'databases', amount: 2 }, state: 'applied', note: null },
    ]);
    // Another customer sees none of it.
    expect((await get(t, '/api/upgrades', admin.cookie)).json().servers).toEqual([]);

    // Dropping it is a downgrade: it stays until the period paid for ends, then comes off the panel.
    const dropped = await post(t, `/api/servers/${serverId}/plan-change`, user.cookie, { plan: 'minecraft-4gb', addons: {} });
    expect(dropped.json().change).toMatchObject({ kind: 'downgrade', status: 'scheduled' });
    const server = await serverRow(t.database.db, serverId);
    clock.set(new Date(server.renewsAt.getTime() + 60_000));
    user.cookie = await signIn(t, user);
    const deps = { db: t.database.db, clock, ids: randomIds, payments: t.app.payments, panel: t.app.panel, events: t.app.events, mailer: t.app.mailer, brand: 'Spawnpoint', publicUrl: 'http://localhost', log: silent };
    await runRenewals({ ...deps, applyPlanChanges: (s, cancelAt) => applyDueDowngrade(t.app.planChanges, s, cancelAt) });
    const [applying] = await t.database.db.select().from(planChanges).where(and(eq(planChanges.serverId, serverId), eq(planChanges.status, 'applying')));
    await resizeForChange(t.app.planChanges, applying!.id, { last: true });
    expect(onPanel(serverId).database_limit).toBe(0);
    expect((await serverRow(t.database.db, serverId)).addons).toEqual({});
  });

  it('opens a staff task for a manual add-on; staff refuse it with a reason or mark it done, audited, and the customer sees it', async () => {
    const { user, serverId, orderId } = await customerWithServer({ 'setup-help': 1 });
    const [task] = await t.database.db.select().from(deliveryTasks).where(eq(deliveryTasks.orderId, orderId));
    expect(task).toMatchObject({ itemName: 'Plugin set-up', status: 'open', serverId });

    const list = (await get(t, '/api/admin/tasks?status=open', admin.cookie)).json().tasks as { id: string; customer: { email: string } }[];
    expect(list.find((x) => x.id === task!.id)?.customer.email).toBe(user.email);
    // A customer cannot reach the staff list, nor decide a task.
    expect((await get(t, '/api/admin/tasks', user.cookie)).statusCode).toBe(403);

    const decide = (body: object, cookie = admin.cookie) => post(t, `/api/admin/tasks/${task!.id}/decision`, cookie, body);
    expect((await decide({ status: 'refused', note: '' })).statusCode).toBe(400);
    expect((await decide({ status: 'refused', note: 'x' }, user.cookie)).statusCode).toBe(403);
    const done = await decide({ status: 'done', note: 'Installed EssentialsX for you' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().task).toMatchObject({ status: 'done', note: 'Installed EssentialsX for you' });
    expect((await decide({ status: 'refused', note: 'Too late' })).statusCode).toBe(409);

    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'delivery.done'));
    expect(audit.find((a) => a.targetId === orderId)).toMatchObject({ actorEmail: admin.email, reason: 'Installed EssentialsX for you' });
    const mine = (await get(t, '/api/upgrades', user.cookie)).json();
    expect(mine.tasks).toMatchObject([{ itemName: 'Plugin set-up', status: 'done', serverId, note: 'Installed EssentialsX for you' }]);
    expect(mine.servers).toEqual([
      { serverId, serverName: expect.any(String), addons: [{ key: 'setup-help', name: 'Plugin set-up', quantity: 1, delivery: { type: 'manual' }, state: 'done', note: 'Installed EssentialsX for you' }] },
    ]);
  });

  it('delivers packs: a manual one opens a task, a priority-support one puts the buyer’s tickets first in the staff queue for its month', async () => {
    clock.set(new Date('2030-01-15T12:00:00Z'));
    const buyer = await createSignedInUser(t);
    const other = await createSignedInUser(t);
    const ticket = (cookie: string, subject: string) => post(t, '/api/tickets', cookie, { subject, category: 'general', description: 'Hello' });
    expect((await ticket(buyer.cookie, 'From the pack buyer')).statusCode).toBe(201);
    clock.set(new Date('2030-01-15T12:05:00Z'));
    expect((await ticket(other.cookie, 'From someone else')).statusCode).toBe(201);
    const queue = async () => ((await get(t, '/api/admin/tickets', admin.cookie)).json() as { subject: string; prioritySupport: boolean }[]).filter((x) => x.subject.startsWith('From '));
    expect((await queue()).map((x) => x.subject)).toEqual(['From someone else', 'From the pack buyer']);

    await buyWithLocalCard(t, buyer.cookie, { choice: { kind: 'pack', pack: 'community-pack' } });
    const manual = await buyWithLocalCard(t, buyer.cookie, { choice: { kind: 'pack', pack: 'essentials' } });
    expect(await queue()).toEqual([
      expect.objectContaining({ subject: 'From the pack buyer', prioritySupport: true }),
      expect.objectContaining({ subject: 'From someone else', prioritySupport: false }),
    ]);
    const view = (await get(t, '/api/upgrades', buyer.cookie)).json();
    expect(view.prioritySupport).toBe(true);
    expect(view.packs).toHaveLength(2);
    expect(view.packs).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'Essentials', delivery: 'manual', active: true, task: expect.objectContaining({ status: 'open' }) }),
        expect.objectContaining({ name: 'Community Pack', delivery: 'priority-support', active: true, task: null }),
      ]),
    );
    expect((await t.database.db.select().from(deliveryTasks).where(eq(deliveryTasks.orderId, manual.order_id))).length).toBe(1);

    // A month later the pack has run out, and so has the priority.
    clock.set(new Date('2030-02-16T12:00:00Z'));
    admin.cookie = await signInStaff(t, admin);
    expect((await queue()).map((x) => x.prioritySupport)).toEqual([false, false]);
  });
});
