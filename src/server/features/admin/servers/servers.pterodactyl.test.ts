import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakePterodactyl, type FakePterodactyl } from '../../../test/fakes/pterodactyl/fake-pterodactyl';
import { createPterodactylPanel } from '../../../integrations/panel/pterodactyl';
import { insertPaidServer, provisionUntilOnline, serverRow } from '../../../jobs/provisioning.fixtures';
import { systemClock } from '../../../lib/runtime';
import { createSignedInUser, createTestApp, createUser, dbKinds, type TestContext } from '../../../test/test-app';

/** Staff suspension and deletion on the production driver, against the fake Pterodactyl panel. */
describe.each(dbKinds)('staff server actions on Pterodactyl on %s', (kind) => {
  let t: TestContext;
  let fake: FakePterodactyl;
  let cookie: string;

  beforeAll(async () => {
    fake = await startFakePterodactyl({ apiKey: 'ptla_key', clientKey: 'ptlc_key' });
    fake.addNode({ location_id: 1 }, [25565, 25566, 25567]);
    const panel = createPterodactylPanel({
      url: fake.url,
      applicationKey: 'ptla_key',
      clientKey: 'ptlc_key',
      flavor: 'pterodactyl',
      eggs: { minecraft: { egg: 1, nest: 1 } },
      locations: { 'us-west': 1 },
    });
    t = await createTestApp(kind, { checkout: { panel } });
    cookie = (await createSignedInUser(t, { role: 'admin' })).cookie;
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  async function onlineServer() {
    const owner = await createUser(t);
    const { serverId } = await insertPaidServer(t.database.db, owner.id, { name: 'Ptero Box' });
    await provisionUntilOnline({ db: t.database.db, clock: systemClock, panel: t.app.panel, events: t.app.events }, serverId, (id) => fake.finishInstall(id));
    return serverRow(t.database.db, serverId);
  }

  const act = (method: 'POST' | 'DELETE', url: string, payload: object) => t.app.inject({ method, url, payload, headers: { cookie } });

  it('suspends and unsuspends through the Application API', async () => {
    const server = await onlineServer();
    const suspended = await act('POST', `/api/admin/servers/${server.id}/suspend`, { reason: 'Abuse report' });
    expect(suspended.json().server).toMatchObject({ status: 'suspended', suspendedBy: 'staff' });
    expect(fake.requests.at(-1)).toMatchObject({ method: 'POST', path: `/api/application/servers/${server.panelServerId}/suspend` });

    const back = await act('POST', `/api/admin/servers/${server.id}/unsuspend`, { reason: 'Resolved' });
    expect(back.json().server.status).toBe('offline');
    expect(fake.requests.at(-1)).toMatchObject({ method: 'POST', path: `/api/application/servers/${server.panelServerId}/unsuspend` });
  });

  it('deletes on the panel', async () => {
    const server = await onlineServer();
    const res = await act('DELETE', `/api/admin/servers/${server.id}`, { confirmName: 'Ptero Box', reason: 'Owner asked' });
    expect(res.statusCode).toBe(200);
    expect(res.json().server).toMatchObject({ status: 'cancelled', keptBackupId: null });
    expect(fake.requests.some((r) => r.method === 'DELETE' && r.path.startsWith(`/api/application/servers/${server.panelServerId}`))).toBe(true);
  });

  // Last: the failures left over from the retries stay queued on the fake.
  it('leaves the server as it was, with no audit record, when the panel does not answer', async () => {
    const server = await onlineServer();
    fake.failNext(5, 503);
    const res = await act('POST', `/api/admin/servers/${server.id}/suspend`, { reason: 'Abuse report' });
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe('panel_unavailable');
    expect((await serverRow(t.database.db, server.id)).status).toBe('online');
    expect(await t.database.query('select 1 from audit_log where target_id = $1', [server.id])).toEqual([]);
  });
});
