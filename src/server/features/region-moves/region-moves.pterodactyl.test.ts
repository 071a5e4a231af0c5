import { isIP } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { orders, regionMoves } from '../../db/schema';
import { createPterodactylPanel } from '../../integrations/panel/pterodactyl';
import { activityMessages, provisionUntilOnline, serverRow } from '../../jobs/provisioning.fixtures';
import { systemClock } from '../../lib/runtime';
import type { StaffAlert } from '../../lib/staff-alert';
import { startFakePterodactyl, type FakePterodactyl } from '../../test/fakes/pterodactyl/fake-pterodactyl';
import { createSignedInUser, createTestApp, dbKinds, readMailbox, type TestContext } from '../../test/test-app';
import { buyWithLocalCard, post } from '../billing/billing.fixtures';
import { minecraftChoice } from '../checkout/checkout.fixtures';
import { runMove } from './region-move-run';
import { stepsOf } from './region-moves.repository';

const GIB = 1024 ** 3;
/** The window a pull may go without a byte arriving before the move counts it failed (2 minutes in production). */
const STALL_MS = 300;

/**
 * Region moves on the production driver against the fake Pterodactyl panel and Wings, whose
 * background pulls fail silently as the real ones do (decision 051): what cannot work is refused
 * before any charge or stop, and a download that fails is seen within the window and rolled back
 * with the old server online.
 */
describe.each(dbKinds)('region moves on Pterodactyl on %s', (kind) => {
  let t: TestContext;
  let fake: FakePterodactyl;

  beforeAll(async () => {
    fake = await startFakePterodactyl({ apiKey: 'ptla_key', clientKey: 'ptlc_key', resourceCacheMs: 0, backupMs: 20, backupThrottle: { limit: 50, periodSeconds: 600 } });
    fake.addNode({ location_id: 1 }, [25565, 25566, 25567, 25568, 25569, 25570]);
    fake.addNode({ location_id: 2 }, [25565, 25566, 25567, 25568, 25569, 25570], '10.0.1.5', '203.0.113.60');
    const panel = createPterodactylPanel({
      url: fake.url,
      applicationKey: 'ptla_key',
      clientKey: 'ptlc_key',
      flavor: 'pterodactyl',
      eggs: { minecraft: { egg: 5, nest: 1 } },
      locations: { 'us-west': 1, 'eu-west': 2 },
      pullPollMs: 20,
      pullStallMs: STALL_MS,
      // The fake's nodes are named *.panel.test: public, as far as this test's DNS goes.
      resolveHost: async (host) => (isIP(host) ? [host] : ['203.0.113.10']),
    });
    t = await createTestApp(kind, { checkout: { panel, moves: { enqueue: async () => {} } } });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });
  beforeEach(() => {
    fake.nodes[0]!.fqdn = 'node-1.panel.test';
    fake.pulls.disabledNodes.clear();
    fake.pulls.stallNext = 0;
  });

  async function customerWithServer(name: string) {
    const user = await createSignedInUser(t);
    const bought = await buyWithLocalCard(t, user.cookie, { choice: { ...minecraftChoice, serverName: name, location: 'us-west' } });
    const serverId = bought.server!.id;
    await provisionUntilOnline({ db: t.database.db, clock: systemClock, panel: t.app.panel, events: t.app.events }, serverId, (id) => fake.finishInstall(id));
    const panelServer = fake.servers.find((s) => s.external_id === serverId)!;
    panelServer.backup_limit = 5;
    fake.files(serverId).set('world/level.dat', { kind: 'file', content: Buffer.from('seed 42'), modified: new Date().toISOString() });
    await expect.poll(() => fake.wings.runtime(panelServer).power).toBe('running');
    return { user, serverId, panelServer, server: await serverRow(t.database.db, serverId) };
  }

  const moveRequest = (cookie: string, serverId: string) => post(t, `/api/servers/${serverId}/move`, cookie, { location: 'eu-west' });
  const movesOf = (serverId: string) => t.database.db.select().from(regionMoves).where(eq(regionMoves.serverId, serverId));
  const ordersOf = (userId: string) => t.database.db.select().from(orders).where(eq(orders.userId, userId));
  const stopsOf = (identifier: string) =>
    fake.requests.filter((r) => r.method === 'POST' && r.path === `/api/client/servers/${identifier}/power` && r.body?.signal === 'stop');

  /** Runs the move's job as the worker would (the panel's installs finishing as they start), until it ends. */
  async function drive(moveId: string, options: { alerts?: StaffAlert[] } = {}) {
    const deps = options.alerts ? { ...t.app.regionMoves, alerts: { raise: async (alert: StaffAlert) => void options.alerts!.push(alert) } } : t.app.regionMoves;
    for (let i = 0; i < 400; i += 1) {
      for (const s of fake.servers) if (s.status === 'installing' && s.external_id?.includes('.move.')) fake.finishInstall(s.external_id);
      if (!(await runMove(deps, moveId, { last: false })).wait) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    const [row] = await t.database.db.select().from(regionMoves).where(eq(regionMoves.id, moveId));
    return row!;
  }

  it('refuses a server using more than half its disk before anything is charged or stopped, saying how much room the move needs', async () => {
    const { user, serverId, panelServer, server } = await customerWithServer('Full Valley');
    expect(server.diskGb).toBeGreaterThan(0);
    const ordersBefore = (await ordersOf(user.id)).length;
    // 60% of the plan's disk: the archive and the unpacked files would need 120%.
    fake.setDiskUsage(serverId, Math.round(server.diskGb * GIB * 0.6));

    const res = await moveRequest(user.cookie, serverId);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error.code).toBe('disk_too_small');
    const limit = `${server.diskGb} GB`;
    expect(res.json().error.message).toContain(`of its ${limit} disk`);
    expect(res.json().error.message).toContain(`${(server.diskGb * 1.2).toFixed(1).replace(/\.0$/, '')} GB in all, more than the plan's ${limit}`);
    expect(res.json().error.message).toMatch(/Free up at least [\d.]+ GB/);

    expect(await movesOf(serverId)).toEqual([]);
    expect((await ordersOf(user.id)).length).toBe(ordersBefore);
    expect(stopsOf(panelServer.identifier)).toEqual([]);
    expect(fake.wings.runtime(panelServer).power).toBe('running');
    expect(fake.wings.runtime(panelServer).backups).toEqual([]);
    fake.setDiskUsage(serverId, 123_456_789);
  });

  it('refuses, before any charge or stop, a move out of a node whose address is private (Wings would refuse to download from it)', async () => {
    const { user, serverId, panelServer } = await customerWithServer('Private Valley');
    fake.nodes[0]!.fqdn = '10.20.0.4';
    const alerts: StaffAlert[] = [];
    const deps = t.app.regionMoves;
    const before = deps.alerts;
    deps.alerts = { raise: async (alert) => void alerts.push(alert) };
    const res = await moveRequest(user.cookie, serverId).finally(() => (deps.alerts = before));
    expect(alerts).toEqual([expect.objectContaining({ kind: 'server_needs_staff', subject: 'Region moves out of US West (California) cannot work' })]);
    expect(alerts[0]!.lines[0]).toContain('10.20.0.4');
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error).toEqual({
      code: 'move_unavailable',
      message: 'Servers in US West (California) cannot be moved to another location right now: the machine they run on cannot send files to other locations. Nothing was charged, and our team has been told.',
    });
    expect(await movesOf(serverId)).toEqual([]);
    expect(stopsOf(panelServer.identifier)).toEqual([]);
  });

  it('a download that stops part way is seen within the window, and the server is back online on its old node, the customer told in plain words', async () => {
    const { user, serverId, panelServer, server: before } = await customerWithServer('Stalled Valley');
    fake.pulls.stallNext = 1;
    const res = await moveRequest(user.cookie, serverId);
    expect(res.statusCode, res.body).toBe(202);

    const ended = await drive(res.json().id);
    expect(ended).toMatchObject({ status: 'rolled_back', reason: "The new location stopped receiving the server's files, so the move was stopped. The server stays in US West (California)." });
    // Detected within the window after the last byte (plus a few polls), and the old server asked to start in the same run.
    const restore = (await stepsOf(t.database.db, ended.id)).find((s) => s.step === 'restore')!;
    expect(restore.status).toBe('failed');
    expect(restore.finishedAt!.getTime() - restore.startedAt.getTime()).toBeLessThan(STALL_MS + 5_000);
    expect(ended.completedAt!.getTime() - restore.finishedAt!.getTime()).toBeLessThan(5 * 60_000);
    const pullAt = fake.requests.findIndex((r) => r.path.endsWith('/files/pull'));
    expect(pullAt).toBeGreaterThan(-1);
    const startAfterPull = fake.requests.slice(pullAt).find((r) => r.path === `/api/client/servers/${panelServer.identifier}/power` && r.body?.signal === 'start');
    expect(startAfterPull).toBeDefined();
    await expect.poll(() => fake.wings.runtime(panelServer).power, { timeout: 2_000 }).toBe('running');
    expect(await serverRow(t.database.db, serverId)).toMatchObject({ panelServerId: before.panelServerId, location: 'us-west', ip: before.ip, port: before.port });
    expect(fake.servers.some((s) => s.external_id?.startsWith(`${serverId}.move.`))).toBe(false);
    expect(fake.files(serverId).get('world/level.dat')).toMatchObject({ kind: 'file' });
    expect((await activityMessages(t.database.db, user.id)).some((m) => m.startsWith('The move to EU West (Amsterdam) was rolled back: The new location stopped receiving'))).toBe(true);
    // The only email besides the order confirmation sent when the server was bought.
    const mail = (await readMailbox(t, user.email)).find((m) => !m.subject.startsWith('Order confirmed'));
    expect(mail?.text ?? mail?.html ?? '').toContain("stopped receiving the server's files");
  });

  it("a node with api.disable_remote_download refuses the pull at once: rolled back in the same run, the customer's server online", async () => {
    const { user, serverId, panelServer } = await customerWithServer('Locked Valley');
    fake.pulls.disabledNodes.add(fake.nodes[1]!.id);
    const res = await moveRequest(user.cookie, serverId);
    expect(res.statusCode, res.body).toBe(202);
    const alerts: StaffAlert[] = [];
    const ended = await drive(res.json().id, { alerts });
    expect(ended.status).toBe('rolled_back');
    expect(ended.reason).toBe("The new location refused to receive the server's files. Our team has been told and will fix it. The server stays in US West (California).");
    // Staff hear what to change: nothing the panel shows tells of this Wings setting.
    expect(alerts).toEqual([
      expect.objectContaining({ kind: 'server_needs_staff', subject: 'Region moves to EU West (Amsterdam) cannot work', link: `/admin/servers/${serverId}` }),
    ]);
    expect(alerts[0]!.lines.join(' ')).toContain('api.disable_remote_download');
    await expect.poll(() => fake.wings.runtime(panelServer).power, { timeout: 2_000 }).toBe('running');
  });

  it('checks the exact sum once the backup is made: an archive that with the files passes the disk stops the move before a server is made in the new location', async () => {
    const { user, serverId, panelServer, server } = await customerWithServer('Tight Valley');
    // Just under half the disk: the estimate passes; the archive of files that do not compress
    // (gzip's overhead makes it a little larger than they are) does not fit beside them.
    const used = server.diskGb * GIB / 2 - 4;
    fake.setDiskUsage(serverId, used);
    const res = await moveRequest(user.cookie, serverId);
    expect(res.statusCode, res.body).toBe(202);
    // What Wings reports the finished archive to weigh (the backup's bytes).
    const backups = fake.wings.runtime(panelServer).backups;
    backups.push = (...items) => {
      for (const b of items) Object.defineProperty(b, 'bytes', { get: () => Math.ceil(used * 1.001), set: () => {}, enumerable: true });
      return Array.prototype.push.apply(backups, items);
    };
    const ended = await drive(res.json().id).finally(() => Reflect.deleteProperty(backups, 'push'));
    expect(ended.status).toBe('rolled_back');
    expect(ended.reason).toMatch(/^This server's files take [\d.]+ GB of its \d+ GB disk\. A move needs room for them twice/);
    expect(ended.newPanelServerId).toBeNull();
    await expect.poll(() => fake.wings.runtime(panelServer).power, { timeout: 2_000 }).toBe('running');
    fake.setDiskUsage(serverId, 123_456_789);
  });

  it('moves as before when the download arrives', async () => {
    const { user, serverId } = await customerWithServer('Happy Valley');
    const res = await moveRequest(user.cookie, serverId);
    expect(res.statusCode, res.body).toBe(202);
    const ended = await drive(res.json().id);
    expect(ended.status).toBe('completed');
    expect(await serverRow(t.database.db, serverId)).toMatchObject({ location: 'eu-west', ip: '203.0.113.60' });
  });
});
