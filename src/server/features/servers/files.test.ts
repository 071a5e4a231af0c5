import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathProblem } from '../../../shared/schemas/server-files';
import { provisionOnlineServer, serverRow } from '../../jobs/provisioning.fixtures';
import { createSignedInUser, createTestApp, dbKinds, manualClock, type TestContext } from '../../test/test-app';

describe('pathProblem', () => {
  it('refuses traversal, absolute, backslash, encoded and NUL paths, and takes plain relative ones', () => {
    for (const bad of ['..', '../x', 'a/../../b', 'a/..', '/etc/passwd', '/', 'C:/Windows', '~/x', 'a\\b', '..\\x', '%2e%2e/x', 'a%2fb', '%2E%2E%2F', 'a%5cb', 'a\0b', '%00', './x']) {
      expect(pathProblem(bad), bad).not.toBeNull();
    }
    for (const good of ['', 'server.properties', 'config/paper.yml', 'world/region/r.0.0.mca', 'a..b', 'my file.txt', '100%.txt']) {
      expect(pathProblem(good), good).toBeNull();
    }
  });
});

describe.each(dbKinds)('file manager on the simulated panel on %s', (kind) => {
  let t: TestContext;
  const clock = manualClock();
  beforeAll(async () => {
    t = await createTestApp(kind, { clock, env: { SIM_PANEL_INSTALL_SECONDS: '0' } });
  });
  afterAll(async () => t?.close());

  const online = (userId: string, game = 'minecraft') =>
    provisionOnlineServer({ db: t.database.db, clock, panel: t.app.panel, events: t.app.events }, userId, { game, createdAt: clock.now() });
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: object) => t.app.inject({ method, url, payload, headers: { cookie } });
  const upload = (serverId: string, cookie: string, query: string, body: Buffer) =>
    t.app.inject({ method: 'POST', url: `/api/servers/${serverId}/files/upload?${query}`, payload: body, headers: { cookie, 'content-type': 'application/octet-stream' } });

  async function rootOf(serverId: string) {
    const row = await serverRow(t.database.db, serverId);
    return path.join(t.config.DATA_DIR, 'files', row.panelServerId!);
  }

  it("seeds the game's usual files, edits server.properties, and creates, renames and deletes", async () => {
    const ada = await createSignedInUser(t);
    const { serverId } = await online(ada.id);
    const list = await call('GET', `/api/servers/${serverId}/files`, ada.cookie);
    expect(list.statusCode).toBe(200);
    const names = list.json().entries.map((e: { name: string }) => e.name);
    expect(names).toEqual(expect.arrayContaining(['logs', 'plugins', 'world', 'server.properties', 'eula.txt', 'ops.json']));
    expect(names.indexOf('logs')).toBeLessThan(names.indexOf('eula.txt'));
    expect(list.json().entries.find((e: { name: string }) => e.name === 'server.properties')).toMatchObject({ kind: 'file', editable: true, path: 'server.properties' });

    const props = await call('GET', `/api/servers/${serverId}/files/contents?path=server.properties`, ada.cookie);
    expect(props.json().content).toContain('motd=A Minecraft Server');
    const edited = props.json().content.replace('motd=A Minecraft Server', 'motd=Welcome to Ada’s world');
    expect((await call('PUT', `/api/servers/${serverId}/files/contents`, ada.cookie, { path: 'server.properties', content: edited })).statusCode).toBe(204);
    expect((await call('GET', `/api/servers/${serverId}/files/contents?path=server.properties`, ada.cookie)).json().content).toContain('motd=Welcome to Ada’s world');

    expect((await call('POST', `/api/servers/${serverId}/files/folders`, ada.cookie, { path: 'plugins', name: 'Essentials' })).statusCode).toBe(204);
    const dup = await call('POST', `/api/servers/${serverId}/files/folders`, ada.cookie, { path: 'plugins', name: 'Essentials' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.code).toBe('file_exists');
    expect((await call('POST', `/api/servers/${serverId}/files/rename`, ada.cookie, { path: 'plugins/Essentials', name: 'EssentialsX' })).statusCode).toBe(204);
    expect((await call('GET', `/api/servers/${serverId}/files?path=plugins`, ada.cookie)).json().entries.map((e: { path: string }) => e.path)).toEqual(['plugins/EssentialsX']);
    expect((await call('POST', `/api/servers/${serverId}/files/rename`, ada.cookie, { path: 'eula.txt', name: 'ops.json' })).statusCode).toBe(409);
    expect((await call('POST', `/api/servers/${serverId}/files/delete`, ada.cookie, { paths: ['plugins/EssentialsX', 'logs'] })).statusCode).toBe(204);
    const after = (await call('GET', `/api/servers/${serverId}/files`, ada.cookie)).json().entries.map((e: { name: string }) => e.name);
    expect(after).not.toContain('logs');
    const missing = await call('GET', `/api/servers/${serverId}/files/contents?path=nope.txt`, ada.cookie);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: { code: 'file_not_found', message: 'No such file or folder.' } });
  });

  it('seeds FiveM and Palworld servers with their own configuration', async () => {
    const ada = await createSignedInUser(t);
    const fivem = await online(ada.id, 'fivem');
    expect((await call('GET', `/api/servers/${fivem.serverId}/files/contents?path=server.cfg`, ada.cookie)).json().content).toContain('sv_hostname');
    const pal = await online(ada.id, 'palworld');
    const ini = await call('GET', `/api/servers/${pal.serverId}/files/contents?path=Pal/Saved/Config/LinuxServer/PalWorldSettings.ini`, ada.cookie);
    expect(ini.json().content).toContain('ServerPlayerMaxNum');
  });

  it('streams uploads up to 100 MB and downloads them back', async () => {
    const ada = await createSignedInUser(t);
    const { serverId } = await online(ada.id);
    const body = Buffer.alloc(5 * 1024 * 1024, 7);
    const res = await upload(serverId, ada.cookie, 'path=world&name=big.dat', body);
    expect(res.statusCode, res.body).toBe(204);
    const listed = (await call('GET', `/api/servers/${serverId}/files?path=world`, ada.cookie)).json().entries;
    expect(listed).toContainEqual(expect.objectContaining({ name: 'big.dat', sizeBytes: body.length, editable: false }));
    const down = await call('GET', `/api/servers/${serverId}/files/download?path=world/big.dat`, ada.cookie);
    expect(down.statusCode).toBe(200);
    expect(down.headers['content-disposition']).toContain('filename="big.dat"');
    expect(down.rawPayload.length).toBe(body.length);
    expect((await call('GET', `/api/servers/${serverId}/files/contents?path=world/big.dat`, ada.cookie)).json().error.code).toBe('file_too_large');
    expect((await upload(serverId, ada.cookie, 'name=blob.txt', Buffer.from([1, 0, 2]))).statusCode).toBe(204);
    expect((await call('GET', `/api/servers/${serverId}/files/contents?path=blob.txt`, ada.cookie)).json().error.code).toBe('not_text');

    const tooBig = await t.app.inject({
      method: 'POST',
      url: `/api/servers/${serverId}/files/upload?name=huge.bin`,
      payload: Buffer.alloc(10),
      headers: { cookie: ada.cookie, 'content-type': 'application/octet-stream', 'content-length': String(101 * 1024 * 1024) },
    }).catch(() => null);
    if (tooBig) expect(tooBig.statusCode).toBe(413);
    const json = await t.app.inject({ method: 'POST', url: `/api/servers/${serverId}/files/upload?name=a.txt`, payload: { a: 1 }, headers: { cookie: ada.cookie } });
    expect(json.statusCode, json.body).toBe(415);
  });

  it('takes an upload over a real connection, as a browser sends it', async () => {
    // inject() hands the route a light stand-in for the request stream; a socket's stream once sent
    // a hook walking the body's fields round the socket's object graph until the process ran out of memory.
    const ada = await createSignedInUser(t);
    const { serverId } = await online(ada.id);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const res = await fetch(`${address}/api/servers/${serverId}/files/upload?path=plugins&name=socket.jar`, {
      method: 'POST',
      body: Buffer.alloc(2 * 1024 * 1024, 3),
      headers: { cookie: ada.cookie, 'content-type': 'application/octet-stream' },
      signal: AbortSignal.timeout(15_000),
    });
    expect(res.status, await res.text()).toBe(204);
    const listed = (await call('GET', `/api/servers/${serverId}/files?path=plugins`, ada.cookie)).json().entries;
    expect(listed).toContainEqual(expect.objectContaining({ name: 'socket.jar', sizeBytes: 2 * 1024 * 1024 }));
  });

  it('confines paths: traversal, absolute, encoded, NUL and symlinks are refused with a clear message', async () => {
    const ada = await createSignedInUser(t);
    const { serverId } = await online(ada.id);
    await call('GET', `/api/servers/${serverId}/files`, ada.cookie);
    const root = await rootOf(serverId);
    const outside = path.join(t.config.DATA_DIR, 'outside');
    mkdirSync(outside, { recursive: true });
    writeFileSync(path.join(outside, 'secret.txt'), 'not yours');
    symlinkSync(outside, path.join(root, 'escape'));
    symlinkSync(path.join(outside, 'secret.txt'), path.join(root, 'secret-link.txt'));

    const base = `/api/servers/${serverId}/files`;
    const refused: [string, RegExp][] = [
      [`${base}?path=..`, /'\.\.'/],
      [`${base}?path=world/../..`, /'\.\.'/],
      [`${base}?path=${encodeURIComponent('../../outside')}`, /'\.\.'/],
      [`${base}/contents?path=%2e%2e%2foutside%2fsecret.txt`, /'\.\.'/],
      [`${base}/contents?path=%252e%252e%252fsecret.txt`, /encoded/],
      [`${base}/contents?path=${encodeURIComponent('/etc/passwd')}`, /Absolute paths/],
      [`${base}/contents?path=${encodeURIComponent('..\\outside\\secret.txt')}`, /forward slashes/],
      [`${base}/contents?path=escape/secret.txt`, /Symbolic links/],
      [`${base}/contents?path=secret-link.txt`, /Symbolic links/],
      [`${base}?path=escape`, /Symbolic links/],
      [`${base}/download?path=secret-link.txt`, /Symbolic links/],
    ];
    for (const [url, message] of refused) {
      const res = await call('GET', url, ada.cookie);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.message, url).toMatch(message);
    }
    const nul = await call('GET', `${base}/contents?path=eula.txt%00.png`, ada.cookie);
    expect(nul.statusCode).toBe(400);

    const writes: [string, object][] = [
      [`${base}/contents`, { path: 'escape/planted.txt', content: 'x' }],
      [`${base}/contents`, { path: '../planted.txt', content: 'x' }],
      [`${base}/contents`, { path: 'ok\0.txt', content: 'x' }],
      [`${base}/rename`, { path: 'eula.txt', name: '../eula.txt' }],
      [`${base}/rename`, { path: 'escape', name: 'other' }],
      [`${base}/delete`, { paths: ['escape/secret.txt'] }],
      [`${base}/delete`, { paths: [''] }],
      [`${base}/folders`, { path: 'escape', name: 'x' }],
      [`${base}/folders`, { path: '', name: '..' }],
    ];
    for (const [url, payload] of writes) {
      const res = await call(url.endsWith('/contents') ? 'PUT' : 'POST', url, ada.cookie, payload);
      expect(res.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(400);
    }
    const up = await upload(serverId, ada.cookie, 'path=escape&name=planted.bin', Buffer.from('x'));
    expect(up.statusCode).toBe(400);
    const upName = await upload(serverId, ada.cookie, `name=${encodeURIComponent('../planted.bin')}`, Buffer.from('x'));
    expect(upName.statusCode).toBe(400);

    // Nothing was written outside, and the links are not listed.
    const { readdirSync, readFileSync } = await import('node:fs');
    expect(readdirSync(outside)).toEqual(['secret.txt']);
    expect(readFileSync(path.join(outside, 'secret.txt'), 'utf8')).toBe('not yours');
    const names = (await call('GET', base, ada.cookie)).json().entries.map((e: { name: string }) => e.name);
    expect(names).not.toContain('escape');
    expect(names).not.toContain('secret-link.txt');
  });

  it("answers 404 for another customer's server, and shows SFTP details without a reset on the simulator", async () => {
    const ada = await createSignedInUser(t);
    const bob = await createSignedInUser(t);
    const { serverId } = await online(bob.id);
    expect((await call('GET', `/api/servers/${serverId}/files`, ada.cookie)).statusCode).toBe(404);
    const sftp = await call('GET', `/api/servers/${serverId}/sftp`, bob.cookie);
    expect(sftp.json()).toMatchObject({ port: 2022, canResetPassword: false });
    expect(sftp.json().username).toMatch(/\.[0-9a-f]{8}$/);
    expect((await call('POST', `/api/servers/${serverId}/sftp/password`, bob.cookie)).statusCode).toBe(409);
  });
});
