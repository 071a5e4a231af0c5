import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPterodactylPanel } from '../../integrations/panel/pterodactyl';
import { insertPaidServer, provisionUntilOnline } from '../../jobs/provisioning.fixtures';
import { systemClock } from '../../lib/runtime';
import { startFakePterodactyl, type FakePterodactyl } from '../../test/fakes/pterodactyl/fake-pterodactyl';
import { createSignedInUser, createTestApp, dbKinds, readMailbox, tokenFromEmail, type TestContext } from '../../test/test-app';

/** Subusers and the file manager on the production driver, against the fake Pterodactyl panel and Wings. */
describe.each(dbKinds)('subusers and files on Pterodactyl on %s', (kind) => {
  let t: TestContext;
  let fake: FakePterodactyl;
  beforeAll(async () => {
    fake = await startFakePterodactyl({ apiKey: 'ptla_key', clientKey: 'ptlc_key', resourceCacheMs: 0 });
    fake.addNode({ location_id: 1, fqdn: 'node1.example.test' }, [25565, 25566, 25567, 25568]);
    const panel = createPterodactylPanel({
      url: fake.url,
      applicationKey: 'ptla_key',
      clientKey: 'ptlc_key',
      flavor: 'pterodactyl',
      eggs: { minecraft: { egg: 1, nest: 1 } },
      locations: { 'us-west': 1 },
    });
    t = await createTestApp(kind, { checkout: { panel } });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  async function onlineServer(userId: string) {
    const { serverId } = await insertPaidServer(t.database.db, userId, { name: 'Panel Valley' });
    await provisionUntilOnline({ db: t.database.db, clock: systemClock, panel: t.app.panel, events: t.app.events }, serverId, (id) => fake.finishInstall(id));
    return serverId;
  }
  const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, cookie: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { cookie } });

  it('makes an accepted invitation a panel subuser with the mapped permissions, changes it and removes it', async () => {
    const owner = await createSignedInUser(t);
    const friend = await createSignedInUser(t);
    const serverId = await onlineServer(owner.id);
    const invited = await call('POST', `/api/servers/${serverId}/shares`, owner.cookie, { email: friend.email, permissions: ['console', 'files'] });
    expect(invited.statusCode).toBe(201);
    // Nothing on the panel until the person accepts.
    expect(fake.subusers).toHaveLength(0);
    const token = tokenFromEmail((await readMailbox(t, friend.email))[0], '/dashboard/shared/accept');
    expect((await call('POST', '/api/shared-servers/accept', friend.cookie, { token })).statusCode).toBe(200);

    expect(fake.subusers).toHaveLength(1);
    const sub = fake.subusers[0]!;
    const panelUser = fake.users.find((u) => u.id === sub.user_id)!;
    expect(panelUser).toMatchObject({ email: friend.email, external_id: friend.id });
    expect(sub.permissions.sort()).toEqual(
      ['control.console', 'file.archive', 'file.create', 'file.delete', 'file.read', 'file.read-content', 'file.sftp', 'file.update', 'websocket.connect'].sort(),
    );
    const sftp = await call('GET', `/api/servers/${serverId}/sftp`, friend.cookie);
    expect(sftp.json()).toMatchObject({ host: 'node1.example.test', port: 2022, username: `${panelUser.username}.${fake.servers[0]!.identifier}`, canResetPassword: false });

    const shareId = invited.json().share.id;
    expect((await call('PATCH', `/api/servers/${serverId}/shares/${shareId}`, owner.cookie, { permissions: ['power'] })).statusCode).toBe(200);
    expect(fake.subusers[0]!.permissions.sort()).toEqual(['control.restart', 'control.start', 'control.stop', 'websocket.connect']);
    expect((await call('DELETE', `/api/servers/${serverId}/shares/${shareId}`, owner.cookie)).statusCode).toBe(204);
    expect(fake.subusers).toHaveLength(0);
  });

  it("browses, edits, renames, deletes, uploads and downloads through the Client API's file endpoints", async () => {
    const owner = await createSignedInUser(t);
    const serverId = await onlineServer(owner.id);
    const base = `/api/servers/${serverId}/files`;
    const list = await call('GET', base, owner.cookie);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().entries.map((e: { name: string; kind: string }) => `${e.kind}:${e.name}`)).toEqual(['folder:world', 'file:eula.txt', 'file:server.properties']);
    expect(fake.requests.at(-1)?.path).toBe(`/api/client/servers/${fake.servers.at(-1)!.identifier}/files/list?directory=%2F`);

    const props = await call('GET', `${base}/contents?path=server.properties`, owner.cookie);
    expect(props.json().content).toContain('motd=A Minecraft Server');
    const saved = await call('PUT', `${base}/contents`, owner.cookie, { path: 'server.properties', content: 'motd=Edited on the panel\n' });
    expect(saved.statusCode, saved.body).toBe(204);
    expect(fake.files(serverId).get('server.properties')).toMatchObject({ kind: 'file' });
    expect((await call('GET', `${base}/contents?path=server.properties`, owner.cookie)).json().content).toBe('motd=Edited on the panel\n');

    expect((await call('POST', `${base}/folders`, owner.cookie, { path: 'world', name: 'datapacks' })).statusCode).toBe(204);
    expect((await call('POST', `${base}/rename`, owner.cookie, { path: 'world/datapacks', name: 'packs' })).statusCode).toBe(204);
    expect((await call('GET', `${base}?path=world`, owner.cookie)).json().entries.map((e: { path: string }) => e.path)).toEqual(['world/packs']);
    const clash = await call('POST', `${base}/rename`, owner.cookie, { path: 'eula.txt', name: 'server.properties' });
    expect(clash.statusCode).toBe(400);
    expect(clash.json().error.code).toBe('bad_path');
    expect((await call('POST', `${base}/delete`, owner.cookie, { paths: ['world/packs', 'eula.txt'] })).statusCode).toBe(204);
    const missing = await call('GET', `${base}/contents?path=eula.txt`, owner.cookie);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('file_not_found');

    const body = Buffer.alloc(256 * 1024, 3);
    const up = await t.app.inject({ method: 'POST', url: `${base}/upload?path=world&name=region.mca`, payload: body, headers: { cookie: owner.cookie, 'content-type': 'application/octet-stream' } });
    expect(up.statusCode, up.body).toBe(204);
    const stored = fake.files(serverId).get('world/region.mca');
    expect(stored?.kind === 'file' && stored.content.equals(body)).toBe(true);

    const download = await call('GET', `${base}/download?path=world/region.mca`, owner.cookie);
    expect(download.statusCode).toBe(302);
    const location = download.headers.location as string;
    expect(location).toMatch(new RegExp(`^${fake.url}/download/file\\?token=`));
    const fetched = await fetch(location);
    expect(Buffer.from(await fetched.arrayBuffer()).equals(body)).toBe(true);
    // Paths are checked before the panel is asked.
    const before = fake.requests.length;
    expect((await call('GET', `${base}/contents?path=..%2F..%2Fetc%2Fpasswd`, owner.cookie)).statusCode).toBe(400);
    expect(fake.requests.length).toBe(before);
    for (const res of [list, props, download]) expect(res.body).not.toMatch(/ptl[ac]_key/);
  });

  it('shows SFTP details and resets the panel password on the real panel', async () => {
    const owner = await createSignedInUser(t);
    const serverId = await onlineServer(owner.id);
    const sftp = await call('GET', `/api/servers/${serverId}/sftp`, owner.cookie);
    const panelUser = fake.users.find((u) => u.external_id === owner.id)!;
    expect(sftp.json()).toMatchObject({ host: 'node1.example.test', port: 2022, username: `${panelUser.username}.${fake.servers.at(-1)!.identifier}`, canResetPassword: true });
    const reset = await call('POST', `/api/servers/${serverId}/sftp/password`, owner.cookie);
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json().password).toMatch(/^[\w-]{20,}$/);
    expect(panelUser.password).toBe(reset.json().password);
  });
});
