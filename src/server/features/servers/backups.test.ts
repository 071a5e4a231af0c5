import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityMessages, provisionOnlineServer, serverRow } from '../../jobs/provisioning.fixtures';
import { loadJobServer } from '../../jobs/provisioning.repository';
import { randomIds } from '../../lib/runtime';
import { createSignedInUser, createTestApp, dbKinds, manualClock, signIn, type TestContext } from '../../test/test-app';
import { createServerMaintenance } from './server-maintenance';

const DAY = 86_400_000;

describe.each(dbKinds)('server backups on %s', (kind) => {
  let t: TestContext;
  const clock = manualClock();
  beforeAll(async () => {
    t = await createTestApp(kind, { clock, env: { SIM_PANEL_INSTALL_SECONDS: '0' } });
  });
  afterAll(async () => t?.close());

  const online = (userId: string, options: Parameters<typeof provisionOnlineServer>[2] = {}) =>
    provisionOnlineServer({ db: t.database.db, clock, panel: t.app.panel, events: t.app.events }, userId, options);
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { cookie } });
  const maintenance = () =>
    createServerMaintenance({ db: t.database.db, clock, ids: randomIds, panel: t.app.panel, events: t.app.events, log: { info() {}, warn() {}, error() {} } });

  it('creates a backup, lists it while it is made and once done, and downloads the very file', async () => {
    const ada = await createSignedInUser(t);
    const { serverId } = await online(ada.id, { name: 'Creeper Valley' });
    const created = await call('POST', `/api/servers/${serverId}/backups`, ada.cookie, { name: 'Before 1.21' });
    expect(created.statusCode).toBe(202);
    const { backup } = created.json();
    expect(backup).toMatchObject({ name: 'Before 1.21', completedAt: null, automatic: false, createdAt: clock.now().toISOString() });
    // The size is known once the backup is done, as the panels report it.
    expect(backup.sizeBytes).toBe(0);

    const listing = (await call('GET', `/api/servers/${serverId}/backups`, ada.cookie)).json();
    expect(listing).toEqual({ backups: [backup], limit: 5, automaticSlots: 0 });
    const early = await call('GET', `/api/servers/${serverId}/backups/${backup.id}/download`, ada.cookie);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('backup_not_ready');

    clock.advance(3_000);
    const [done] = (await call('GET', `/api/servers/${serverId}/backups`, ada.cookie)).json().backups;
    expect(done.completedAt).toBe(clock.now().toISOString());
    expect(done.sizeBytes).toBeGreaterThan(100);
    expect((await call('GET', `/api/servers/${serverId}/resources`, ada.cookie)).json().lastBackupAt).toBe(done.completedAt);

    const download = await call('GET', `/api/servers/${serverId}/backups/${backup.id}/download`, ada.cookie);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/gzip');
    expect(download.headers['content-disposition']).toBe('attachment; filename="Before-1.21.tar.gz"');
    const row = await serverRow(t.database.db, serverId);
    const file = readFileSync(path.join(t.config.DATA_DIR, 'backups', row.panelServerId!, `${backup.id}.tar.gz`));
    expect(download.rawPayload.equals(file)).toBe(true);
    expect(Number(download.headers['content-length'])).toBe(file.length);
    expect(await activityMessages(t.database.db, ada.id)).toContain('Backup "Before 1.21" of Creeper Valley started');

    const bob = await createSignedInUser(t);
    expect((await call('GET', `/api/servers/${serverId}/backups/${backup.id}/download`, bob.cookie)).statusCode).toBe(404);
    expect((await call('GET', `/api/servers/${serverId}/backups/${randomIds.uuid()}/download`, ada.cookie)).statusCode).toBe(404);
  });

  it("holds the plan's limit (2 on a 2 GB plan), names a backup when not told, and frees a slot on delete", async () => {
    const ada = await createSignedInUser(t);
    const { serverId } = await online(ada.id, { ramGb: 2 });
    const first = (await call('POST', `/api/servers/${serverId}/backups`, ada.cookie)).json().backup;
    expect(first.name).toBe(`Backup ${clock.now().toISOString().slice(0, 16).replace('T', ' ')} UTC`);
    expect((await call('POST', `/api/servers/${serverId}/backups`, ada.cookie, { name: 'Two' })).statusCode).toBe(202);
    const full = await call('POST', `/api/servers/${serverId}/backups`, ada.cookie, { name: 'Three' });
    expect(full.statusCode).toBe(409);
    expect(full.json()).toEqual({ error: { code: 'backup_limit', message: 'Your plan keeps 2 backups. Delete an old backup to make room.' } });

    const reserved = await call('POST', `/api/servers/${serverId}/backups`, ada.cookie, { name: 'Automatic backup 2030-01-01' });
    expect(reserved.statusCode).toBe(400);
    expect((await call('POST', `/api/servers/${serverId}/backups`, ada.cookie, { name: 'x'.repeat(101) })).statusCode).toBe(400);

    expect((await call('DELETE', `/api/servers/${serverId}/backups/${first.id}`, ada.cookie)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/servers/${serverId}/backups/${first.id}`, ada.cookie)).statusCode).toBe(404);
    expect((await call('POST', `/api/servers/${serverId}/backups`, ada.cookie, { name: 'Three' })).statusCode).toBe(202);
  });

  it('refuses a backup of a suspended server but still lists and downloads its backups', async () => {
    const ada = await createSignedInUser(t);
    const { serverId } = await online(ada.id);
    const { backup } = (await call('POST', `/api/servers/${serverId}/backups`, ada.cookie, { name: 'Keep me' })).json();
    clock.advance(3_000);
    await t.database.query(`update servers set status = 'suspended' where id = $1`, [serverId]);
    expect((await call('POST', `/api/servers/${serverId}/backups`, ada.cookie, {})).json().error.code).toBe('server_suspended');
    expect((await call('GET', `/api/servers/${serverId}/backups`, ada.cookie)).json().backups).toHaveLength(1);
    expect((await call('GET', `/api/servers/${serverId}/backups/${backup.id}/download`, ada.cookie)).statusCode).toBe(200);
  });

  it('takes a daily automatic backup with the add-on, keeps 7 days of them, outside the limit', async () => {
    const ada = await createSignedInUser(t);
    const { serverId } = await online(ada.id, { ramGb: 2, addons: { 'automatic-backups': 1 } });
    const plain = await online(ada.id, { ramGb: 2 });
    const m = maintenance();
    const countAutomatic = async (id: string) =>
      (await call('GET', `/api/servers/${id}/backups`, ada.cookie)).json().backups.filter((b: { automatic: boolean }) => b.automatic);

    await m.takeAutomaticBackups();
    expect(await countAutomatic(serverId)).toHaveLength(1);
    await m.takeAutomaticBackups();
    expect(await countAutomatic(serverId)).toHaveLength(1);
    expect(await countAutomatic(plain.serverId)).toHaveLength(0);

    for (let day = 1; day <= 9; day += 1) {
      clock.advance(DAY);
      await m.takeAutomaticBackups();
    }
    // Sessions end after 30 idle minutes of the same clock.
    ada.cookie = await signIn(t, ada);
    const kept = await countAutomatic(serverId);
    expect(kept).toHaveLength(7);
    expect(kept[0].name).toBe(`Automatic backup ${clock.now().toISOString().slice(0, 10)}`);
    // The customer's own two still fit.
    expect((await call('POST', `/api/servers/${serverId}/backups`, ada.cookie, { name: 'Mine 1' })).statusCode).toBe(202);
    expect((await call('POST', `/api/servers/${serverId}/backups`, ada.cookie, { name: 'Mine 2' })).statusCode).toBe(202);
    expect((await call('POST', `/api/servers/${serverId}/backups`, ada.cookie, { name: 'Mine 3' })).statusCode).toBe(409);
  });

  it("adds a backup-slot add-on's slots to the customer's own limit, as the panel is told, and takes them away when it goes", async () => {
    const ada = await createSignedInUser(t);
    const { serverId } = await online(ada.id, { ramGb: 2 });
    // A version of the catalog that sells 3 backup slots a unit, as staff can set one up.
    const [latest] = await t.database.query<{ version: number; catalog: { addons: object[] } }>('select version, catalog from catalog_versions order by version desc limit 1');
    const catalog = { ...latest!.catalog, addons: [...latest!.catalog.addons, { key: 'extra-backups', name: 'Extra backups', description: 'Three more backups', monthlyCents: 100, visible: true, delivery: { type: 'panel', resource: 'backups', amount: 3 } }] };
    await t.database.query('insert into catalog_versions (version, catalog, created_at) values ($1, $2, $3)', [latest!.version + 1, JSON.stringify(catalog), clock.now()]);
    const sell = (addons: object) => t.database.query('update servers set catalog_version = $1, addons = $2 where id = $3', [latest!.version + 1, JSON.stringify(addons), serverId]);
    const listing = async () => (await call('GET', `/api/servers/${serverId}/backups`, ada.cookie)).json();

    await sell({ 'extra-backups': 1 });
    expect(await listing()).toMatchObject({ limit: 5, automaticSlots: 0 });
    expect((await loadJobServer(t.database.db, serverId))!.backups).toBe(5);
    for (const name of ['One', 'Two', 'Three', 'Four', 'Five']) {
      expect((await call('POST', `/api/servers/${serverId}/backups`, ada.cookie, { name })).statusCode).toBe(202);
    }
    const full = await call('POST', `/api/servers/${serverId}/backups`, ada.cookie, { name: 'Six' });
    expect(full.json().error).toMatchObject({ code: 'backup_limit', message: 'Your plan keeps 5 backups. Delete an old backup to make room.' });

    // With automatic backups too, their 7 slots are their own; the panel is told all 12.
    await sell({ 'extra-backups': 1, 'automatic-backups': 1 });
    expect(await listing()).toMatchObject({ limit: 5, automaticSlots: 7 });
    expect((await loadJobServer(t.database.db, serverId))!.backups).toBe(12);

    // Cancelled (a plan change dropping it, once its period ends): back to the plan's own 2.
    await sell({});
    expect(await listing()).toMatchObject({ limit: 2, automaticSlots: 0 });
    expect((await loadJobServer(t.database.db, serverId))!.backups).toBe(2);
    expect((await call('POST', `/api/servers/${serverId}/backups`, ada.cookie, { name: 'Six' })).json().error.message).toBe(
      'Your plan keeps 2 backups. Delete an old backup to make room.',
    );
  });

  it('lists the automatic-backups add-on\'s 7 slots beside the plan\'s own limit, and none once it goes', async () => {
    const ada = await createSignedInUser(t);
    const { serverId } = await online(ada.id, { ramGb: 2, addons: { 'automatic-backups': 1 } });
    expect((await call('GET', `/api/servers/${serverId}/backups`, ada.cookie)).json()).toEqual({ backups: [], limit: 2, automaticSlots: 7 });
    expect((await loadJobServer(t.database.db, serverId))!.backups).toBe(9);
    await t.database.query(`update servers set addons = '{}' where id = $1`, [serverId]);
    expect((await call('GET', `/api/servers/${serverId}/backups`, ada.cookie)).json()).toEqual({ backups: [], limit: 2, automaticSlots: 0 });
  });
});
