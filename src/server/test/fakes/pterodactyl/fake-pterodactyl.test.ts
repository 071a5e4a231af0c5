import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startFakePterodactyl, type FakePterodactyl } from './fake-pterodactyl';

/** The fake answers as Pterodactyl 1.11 does: its envelope, its paging, its validation errors. */
describe('the fake Pterodactyl panel', () => {
  let fake: FakePterodactyl;
  const call = async (method: string, path: string, body?: unknown, key = 'ptla_k') => {
    const res = await fetch(`${fake.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: res.status === 204 ? null : ((await res.json()) as Record<string, unknown>) };
  };

  beforeAll(async () => {
    fake = await startFakePterodactyl({ apiKey: 'ptla_k', clientKey: 'ptlc_k' });
    fake.addNode({ location_id: 1 }, [25565, 25566]);
    for (let i = 0; i < 3; i += 1) fake.addUser({ email: `player${i}@example.test` });
  });
  afterAll(async () => fake.close());

  it('wraps items and lists, with pagination meta and links', async () => {
    const first = await call('GET', '/api/application/users?per_page=2');
    expect(first.body).toMatchObject({
      object: 'list',
      data: [{ object: 'user', attributes: { email: 'player0@example.test', '2fa': false } }, { object: 'user' }],
      meta: { pagination: { total: 3, count: 2, per_page: 2, current_page: 1, total_pages: 2, links: { next: `${fake.url}/api/application/users?page=2` } } },
    });
    const second = await call('GET', '/api/application/users?per_page=2&page=2');
    expect(second.body).toMatchObject({ meta: { pagination: { count: 1, current_page: 2, links: { previous: `${fake.url}/api/application/users?page=1` } } } });
  });

  it('answers errors as {errors:[{code,status,detail}]}', async () => {
    expect(await call('GET', '/api/application/servers/999')).toEqual({
      status: 404,
      body: { errors: [{ code: 'NotFoundHttpException', status: '404', detail: 'The requested resource could not be found on the server.' }] },
    });
    expect((await call('GET', '/api/application/users', undefined, 'wrong')).body).toEqual({
      errors: [{ code: 'AuthenticationException', status: '401', detail: 'Unauthenticated.' }],
    });
    expect((await call('GET', '/api/application/users?filter[password]=x')).status).toBe(400);
  });

  it('validates server creation field by field, with the rule in meta', async () => {
    const res = await call('POST', '/api/application/servers', { name: '', user: 999, egg: 5, limits: { memory: 'lots', io: 5 }, environment: {} });
    expect(res.status).toBe(422);
    const errors = (res.body as { errors: { code: string; status: string; detail: string; meta: { source_field: string; rule: string } }[] }).errors;
    expect(errors.every((e) => e.code === 'ValidationException' && e.status === '422')).toBe(true);
    const byField = Object.fromEntries(errors.map((e) => [e.meta.source_field, e]));
    expect(byField.name).toMatchObject({ detail: 'The name field is required.', meta: { rule: 'required' } });
    expect(byField.user).toMatchObject({ detail: 'The selected user is invalid.', meta: { rule: 'exists' } });
    expect(byField.docker_image).toMatchObject({ meta: { rule: 'required' } });
    expect(byField['limits.memory']).toMatchObject({ detail: 'The limits.memory must be a number.' });
    expect(byField['limits.io']).toMatchObject({ detail: 'The limits.io must be between 10 and 1000.' });
    expect(byField.feature_limits).toMatchObject({ meta: { rule: 'required' } });
    expect(byField['allocation.default']).toMatchObject({ meta: { rule: 'required' } });
  });

  it('creates, resizes, suspends and deletes a server; a suspended one is a 409 on the Client API', async () => {
    const owner = fake.users[0]!;
    const body = {
      name: 'World',
      user: owner.id,
      egg: 5,
      docker_image: 'ghcr.io/pterodactyl/yolks:java_21',
      startup: 'java -jar server.jar',
      environment: { SERVER_JARFILE: 'server.jar', VANILLA_VERSION: 'latest' },
      limits: { memory: 1024, swap: 0, disk: 10_240, io: 500, cpu: 100 },
      feature_limits: { databases: 0, backups: 1 },
      deploy: { locations: [1], dedicated_ip: false, port_range: [] },
      skip_scripts: true,
    };
    const created = await call('POST', '/api/application/servers', body);
    expect(created.status).toBe(201);
    const server = (created.body as { attributes: { id: number; identifier: string; allocation: number; status: null } }).attributes;
    expect(server.status).toBeNull();
    const path = `/api/application/servers/${server.id}`;

    const build = await call('PATCH', `${path}/build`, { allocation: server.allocation, limits: { memory: 2048, swap: 0, disk: 10_240, io: 500, cpu: 200 }, feature_limits: { databases: 0, backups: 2 } });
    expect(build.body).toMatchObject({ attributes: { limits: { memory: 2048, cpu: 200 }, feature_limits: { backups: 2 } } });
    expect((await call('PATCH', `${path}/build`, { limits: { memory: 1 } })).status).toBe(422);
    // BuildModificationService: another server's or a free allocation cannot become the default;
    // absent feature limits reset (allocations unlimited, backups 0), as the real panel stores them.
    const free = fake.allocations.find((a) => a.server_id === null)!;
    const elsewhere = await call('PATCH', `${path}/build`, { allocation: free.id, limits: { memory: 2048, swap: 0, disk: 10_240, io: 500, cpu: 200 }, feature_limits: { databases: 0, backups: 2 } });
    expect(elsewhere).toMatchObject({ status: 400, body: { errors: [{ code: 'DisplayException', detail: 'The requested default allocation is not currently assigned to this server.' }] } });
    expect((await call('PATCH', `${path}/build`, { allocation: server.allocation, limits: { memory: 2048, swap: 0, disk: 10_240, io: 5, cpu: 200 }, feature_limits: { databases: 0, backups: 2 } })).status).toBe(422);
    expect((await call('PATCH', `${path}/build`, { allocation: server.allocation, limits: { memory: 2048, swap: 0, disk: 10_240, io: 500, cpu: 200 }, feature_limits: { databases: 0 } })).status).toBe(422);
    const reset = await call('PATCH', `${path}/build`, { allocation: server.allocation, limits: { memory: 3072, swap: 0, disk: 10_240, io: 500, cpu: 200 }, feature_limits: { databases: 0, backups: null } });
    expect(reset.body).toMatchObject({ attributes: { limits: { memory: 3072 }, feature_limits: { allocations: null, backups: 0 } } });

    expect((await call('POST', `${path}/suspend`)).status).toBe(204);
    const refused = await call('POST', `/api/client/servers/${server.identifier}/power`, { signal: 'start' }, 'ptlc_k');
    expect(refused).toMatchObject({ status: 409, body: { errors: [{ code: 'ServerStateConflictException', status: '409' }] } });
    expect((await call('POST', `${path}/unsuspend`)).status).toBe(204);
    expect((await call('POST', `/api/client/servers/${server.identifier}/power`, { signal: 'explode' }, 'ptlc_k')).status).toBe(422);

    expect((await call('DELETE', `/api/application/users/${owner.id}`)).status).toBe(400);
    expect((await call('DELETE', path)).status).toBe(204);
    expect((await call('GET', path)).status).toBe(404);
  });

  it('hands out websocket credentials: a ten-minute token and the node socket', async () => {
    const owner = fake.users[1]!;
    const created = await call('POST', '/api/application/servers', {
      name: 'Sock',
      user: owner.id,
      egg: 5,
      docker_image: 'ghcr.io/pterodactyl/yolks:java_21',
      startup: 'java -jar server.jar',
      environment: { SERVER_JARFILE: 'server.jar', VANILLA_VERSION: 'latest' },
      limits: { memory: 1024, swap: 0, disk: 10_240, io: 500, cpu: 100 },
      feature_limits: { databases: 0, backups: 1 },
      allocation: { default: fake.allocations.find((a) => a.server_id === null)!.id },
    });
    const { identifier, uuid } = (created.body as { attributes: { identifier: string; uuid: string } }).attributes;
    expect((await call('GET', `/api/client/servers/${identifier}/websocket`, undefined, 'ptlc_k')).status).toBe(200);
    const { data } = (await call('GET', `/api/client/servers/${identifier}/websocket`, undefined, 'ptlc_k')).body as { data: { token: string; socket: string } };
    expect(data.socket).toBe(`${fake.url.replace('http', 'ws')}/api/servers/${uuid}/ws`);
    const claims = JSON.parse(Buffer.from(data.token.split('.')[1]!, 'base64url').toString()) as { exp: number; iat: number; server_uuid: string };
    expect(claims.server_uuid).toBe(uuid);
    expect(claims.exp - claims.iat).toBe(600);
  });

  it("speaks Wings' websocket protocol: auth, status, stats, set state, send command, console output, expiry", async () => {
    const server = fake.servers.find((x) => x.name === 'Sock')!;
    server.status = null;
    const { data } = (await call('GET', `/api/client/servers/${server.identifier}/websocket`, undefined, 'ptlc_k')).body as { data: { token: string; socket: string } };
    const refused = new WebSocket(data.socket, { origin: 'https://elsewhere.test' });
    await expect(new Promise((resolve) => refused.on('unexpected-response', (_req, res) => resolve(res.statusCode)))).resolves.toBe(403);

    const ws = new WebSocket(data.socket, { origin: fake.url });
    const seen: { event: string; args?: string[] }[] = [];
    ws.on('message', (m) => seen.push(JSON.parse(String(m)) as { event: string; args?: string[] }));
    await new Promise((resolve) => ws.on('open', resolve));
    const sendFrame = (event: string, ...args: string[]) => ws.send(JSON.stringify({ event, args }));
    const saw = (event: string, arg?: string) => expect.poll(() => seen.some((m) => m.event === event && (arg === undefined || m.args?.[0] === arg))).toBe(true);

    sendFrame('send stats');
    await saw('jwt error');
    sendFrame('auth', data.token);
    await saw('auth success');
    await saw('status', 'offline');
    await saw('stats');
    sendFrame('set state', 'start');
    await saw('status', 'starting');
    await saw('status', 'running');
    sendFrame('send command', 'say hello');
    await saw('console output', '[Server] say hello');

    fake.wings.advanceClock(9.5 * 60_000);
    fake.wings.checkTokens();
    await saw('token expiring');
    fake.wings.advanceClock(60_000);
    fake.wings.checkTokens();
    await saw('token expired');
    sendFrame('send stats');
    await expect.poll(() => seen.filter((m) => m.event === 'jwt error').length).toBe(2);
    fake.wings.advanceClock(-10.5 * 60_000);
    ws.close();
  });
});
