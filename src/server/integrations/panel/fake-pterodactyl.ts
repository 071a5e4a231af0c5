import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createFakeWings } from './fake-wings';

/**
 * A local stand-in for the Pterodactyl/Pelican Application API, for contract tests: the
 * documented routes and response shapes (Fractal `{object, attributes}` items and lists), its
 * error body `{errors:[{code,status,detail}]}`, validation errors, and the deployment service's
 * NoViableNodeException / NoViableAllocationException.
 */
export interface FakeNode {
  id: number;
  location_id: number;
  tags: string[];
  memory: number;
  memory_overallocate: number;
  disk: number;
  disk_overallocate: number;
  maintenance_mode: boolean;
}

interface FakeAllocation {
  id: number;
  node: number;
  ip: string;
  alias: string | null;
  port: number;
  server: number | null;
}

interface FakeUser {
  id: number;
  external_id: string | null;
  uuid: string;
  username: string;
  email: string;
  first_name: string;
  last_name: string;
}

export interface FakeServer {
  id: number;
  external_id: string | null;
  uuid: string;
  identifier: string;
  name: string;
  status: string | null;
  user: number;
  node: number;
  allocation: number;
  egg: number;
  memory: number;
  disk: number;
  body: Record<string, unknown>;
}

export interface FakeRequest {
  method: string;
  path: string;
  body: Record<string, unknown> | null;
}

type Json = Record<string, unknown>;

function errorBody(code: string, status: number, detail: string) {
  return { errors: [{ code, status: String(status), detail }] };
}

function validation(field: string, detail: string) {
  return {
    errors: [{ code: 'ValidationException', status: '422', detail, meta: { source_field: field, rule: 'unique' } }],
  };
}

export async function startFakePterodactyl(options: { apiKey: string; clientKey?: string; flavor?: 'pterodactyl' | 'pelican' }) {
  const flavor = options.flavor ?? 'pterodactyl';
  const users: FakeUser[] = [];
  const serversList: FakeServer[] = [];
  const nodes: FakeNode[] = [];
  const allocations: FakeAllocation[] = [];
  const requests: FakeRequest[] = [];
  const failures: { status: number; remaining: number }[] = [];
  let nextId = 1;
  let baseUrl = '';
  const clientKey = options.clientKey ?? 'ptlc_fake_client_key';
  const wings = createFakeWings({ servers: () => serversList, baseUrl: () => baseUrl });

  const userItem = (u: FakeUser) => ({ object: 'user', attributes: { ...u, language: 'en', root_admin: false, '2fa': false } });
  const allocationItem = (a: FakeAllocation) => ({
    object: 'allocation',
    attributes: { id: a.id, ip: a.ip, alias: a.alias, port: a.port, notes: null, assigned: a.server !== null },
  });
  function serverItem(s: FakeServer, include: boolean) {
    return {
      object: 'server',
      attributes: {
        id: s.id,
        external_id: s.external_id,
        uuid: s.uuid,
        identifier: s.identifier,
        name: s.name,
        description: '',
        status: s.status,
        suspended: s.status === 'suspended',
        limits: s.body.limits,
        feature_limits: s.body.feature_limits,
        user: s.user,
        node: s.node,
        allocation: s.allocation,
        egg: s.egg,
        container: {
          startup_command: s.body.startup,
          image: s.body.docker_image,
          installed: s.status === 'installing' || s.status === 'install_failed' ? 0 : 1,
          environment: s.body.environment,
        },
        created_at: '2030-01-15T12:00:00+00:00',
        updated_at: '2030-01-15T12:00:00+00:00',
        ...(include
          ? { relationships: { allocations: { object: 'list', data: allocations.filter((a) => a.server === s.id).map(allocationItem) } } }
          : {}),
      },
    };
  }
  function nodeItem(n: FakeNode) {
    const used = serversList.filter((s) => s.node === n.id);
    const { tags, ...rest } = n;
    return {
      object: 'node',
      attributes: {
        ...rest,
        ...(flavor === 'pelican' ? { tags } : {}),
        name: `node-${n.id}`,
        fqdn: `node-${n.id}.panel.test`,
        allocated_resources: { memory: used.reduce((a, s) => a + s.memory, 0), disk: used.reduce((a, s) => a + s.disk, 0) },
        relationships: { allocations: { object: 'list', data: allocations.filter((a) => a.node === n.id).map(allocationItem) } },
      },
    };
  }
  const list = (data: unknown[], page = 1, perPage = 50) => {
    const slice = data.slice((page - 1) * perPage, page * perPage);
    return {
      object: 'list',
      data: slice,
      meta: {
        pagination: {
          total: data.length,
          count: slice.length,
          per_page: perPage,
          current_page: page,
          total_pages: Math.max(1, Math.ceil(data.length / perPage)),
        },
      },
    };
  };

  function fits(n: FakeNode, memory: number, disk: number) {
    const used = serversList.filter((s) => s.node === n.id);
    const ok = (total: number, over: number, usedNow: number, need: number) => over < 0 || usedNow + need <= total * (1 + over / 100);
    return (
      !n.maintenance_mode &&
      ok(n.memory, n.memory_overallocate, used.reduce((a, s) => a + s.memory, 0), memory) &&
      ok(n.disk, n.disk_overallocate, used.reduce((a, s) => a + s.disk, 0), disk)
    );
  }

  function createServerFrom(body: Json): [number, unknown] {
    const limits = (body.limits ?? {}) as Json;
    const deploy = (body.deploy ?? {}) as { locations?: number[]; tags?: string[] };
    const missing = ['name', 'user', 'egg', 'limits', 'feature_limits', 'environment'].find((f) => body[f] === undefined);
    if (missing) return [422, validation(missing, `The ${missing} field is required.`)];
    if (flavor === 'pterodactyl' && (!body.docker_image || !body.startup)) return [422, validation('docker_image', 'The docker image field is required.')];
    if (body.external_id && serversList.some((s) => s.external_id === body.external_id)) {
      return [422, validation('external_id', 'The external id has already been taken.')];
    }
    if (!users.some((u) => u.id === body.user)) return [422, validation('user', 'The selected user is invalid.')];
    const memory = Number(limits.memory);
    const disk = Number(limits.disk);
    const candidates = nodes.filter((n) =>
      flavor === 'pelican'
        ? (deploy.tags ?? []).some((t) => n.tags.includes(t))
        : (deploy.locations ?? []).includes(n.location_id),
    );
    const viable = candidates.filter((n) => fits(n, memory, disk));
    if (viable.length === 0) {
      return [400, errorBody('NoViableNodeException', 400, 'No nodes satisfying the requirements specified were found.')];
    }
    const free = allocations.find((a) => a.server === null && viable.some((n) => n.id === a.node));
    if (!free) {
      return [400, errorBody('NoViableAllocationException', 400, 'No allocations satisfying the requirements were found for deployment on this node.')];
    }
    const uuid = randomUUID();
    const server: FakeServer = {
      id: nextId++,
      external_id: (body.external_id as string | undefined) ?? null,
      uuid,
      identifier: uuid.slice(0, 8),
      name: String(body.name),
      status: 'installing',
      user: Number(body.user),
      node: free.node,
      allocation: free.id,
      egg: Number(body.egg),
      memory,
      disk,
      body,
    };
    free.server = server.id;
    serversList.push(server);
    return [201, serverItem(server, false)];
  }

  function route(method: string, url: URL, body: Json | null): [number, unknown] {
    const path = url.pathname;
    const include = (url.searchParams.get('include') ?? '').split(',').includes('allocations');
    let m: RegExpMatchArray | null;
    if (method === 'GET' && (m = path.match(/^\/api\/application\/users\/external\/(.+)$/))) {
      const u = users.find((x) => x.external_id === decodeURIComponent(m![1]!));
      return u ? [200, userItem(u)] : [404, errorBody('NotFoundHttpException', 404, 'The requested resource could not be found on the server.')];
    }
    if (method === 'GET' && path === '/api/application/users') {
      // The panel's filter is a LIKE on a case-insensitive collation.
      const email = url.searchParams.get('filter[email]')?.toLowerCase();
      const page = Number(url.searchParams.get('page') ?? 1);
      const perPage = Number(url.searchParams.get('per_page') ?? 50);
      return [200, list(users.filter((u) => !email || u.email.toLowerCase().includes(email)).map(userItem), page, perPage)];
    }
    if (method === 'POST' && path === '/api/application/users') {
      const b = body ?? {};
      for (const field of ['email', 'username', ...(flavor === 'pterodactyl' ? ['first_name', 'last_name'] : [])]) {
        if (!b[field]) return [422, validation(field, `The ${field} field is required.`)];
      }
      if (!/^[a-z0-9]([\w.-]+)[a-z0-9]$/.test(String(b.username))) return [422, validation('username', 'The username is invalid.')];
      if (users.some((u) => u.email === b.email)) return [422, validation('email', 'The email has already been taken.')];
      if (users.some((u) => u.username === b.username)) return [422, validation('username', 'The username has already been taken.')];
      const user: FakeUser = {
        id: nextId++,
        external_id: (b.external_id as string | undefined) ?? null,
        uuid: randomUUID(),
        username: String(b.username),
        email: String(b.email),
        first_name: String(b.first_name ?? ''),
        last_name: String(b.last_name ?? ''),
      };
      users.push(user);
      return [201, userItem(user)];
    }
    if (method === 'GET' && (m = path.match(/^\/api\/application\/servers\/external\/(.+)$/))) {
      const s = serversList.find((x) => x.external_id === decodeURIComponent(m![1]!));
      return s ? [200, serverItem(s, include)] : [404, errorBody('NotFoundHttpException', 404, 'The requested resource could not be found on the server.')];
    }
    if (method === 'GET' && (m = path.match(/^\/api\/application\/servers\/(\d+)$/))) {
      const s = serversList.find((x) => x.id === Number(m![1]));
      return s ? [200, serverItem(s, include)] : [404, errorBody('NotFoundHttpException', 404, 'The requested resource could not be found on the server.')];
    }
    if (method === 'POST' && path === '/api/application/servers') return createServerFrom(body ?? {});
    if (method === 'POST' && (m = path.match(/^\/api\/application\/servers\/(\d+)\/(suspend|unsuspend)$/))) {
      const s = serversList.find((x) => x.id === Number(m![1]));
      if (!s) return [404, errorBody('NotFoundHttpException', 404, 'The requested resource could not be found on the server.')];
      // Suspending stops the server; it comes back stopped.
      s.status = m[2] === 'suspend' ? 'suspended' : null;
      wings.runtime(s).power = 'offline';
      return [204, null];
    }
    if (method === 'DELETE' && (m = path.match(/^\/api\/application\/servers\/(\d+)(\/force)?$/))) {
      const i = serversList.findIndex((x) => x.id === Number(m![1]));
      if (i < 0) return [404, errorBody('NotFoundHttpException', 404, 'The requested resource could not be found on the server.')];
      const [gone] = serversList.splice(i, 1);
      for (const a of allocations) if (a.server === gone!.id) a.server = null;
      return [204, null];
    }
    if (method === 'GET' && path === '/api/application/nodes') {
      const page = Number(url.searchParams.get('page') ?? 1);
      const perPage = Number(url.searchParams.get('per_page') ?? 50);
      return [200, list(nodes.map(nodeItem), page, perPage)];
    }
    if (method === 'GET' && path === '/api/application/nodes/deployable') {
      if (flavor !== 'pelican') return [404, errorBody('NotFoundHttpException', 404, 'Not found.')];
      const tags = url.searchParams.getAll('tags[]');
      const memory = Number(url.searchParams.get('memory'));
      const disk = Number(url.searchParams.get('disk'));
      const viable = nodes.filter((n) => tags.some((t) => n.tags.includes(t)) && fits(n, memory, disk));
      return [200, list(viable.map(nodeItem))];
    }
    const eggPath = flavor === 'pelican' ? /^\/api\/application\/eggs\/(\d+)$/ : /^\/api\/application\/nests\/\d+\/eggs\/(\d+)$/;
    if (method === 'GET' && (m = path.match(eggPath))) {
      return [
        200,
        {
          object: 'egg',
          attributes: {
            id: Number(m[1]),
            docker_image: 'ghcr.io/pterodactyl/yolks:java_21',
            docker_images: { 'Java 21': 'ghcr.io/pterodactyl/yolks:java_21' },
            startup: 'java -Xms128M -jar {{SERVER_JARFILE}}',
            relationships: {
              variables: {
                object: 'list',
                data: [
                  { object: 'egg_variable', attributes: { env_variable: 'SERVER_JARFILE', default_value: 'server.jar' } },
                  { object: 'egg_variable', attributes: { env_variable: 'MC_VERSION', default_value: 'latest' } },
                ],
              },
            },
          },
        },
      ];
    }
    return [404, errorBody('NotFoundHttpException', 404, 'The requested resource could not be found on the server.')];
  }

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      if (wings.download(url, res)) return;
      const text = Buffer.concat(chunks).toString('utf8');
      const body = text ? (JSON.parse(text) as Json) : null;
      requests.push({ method: req.method ?? 'GET', path: `${url.pathname}${url.search}`, body });
      let status: number;
      let payload: unknown;
      const failure = failures[0];
      const key = url.pathname.startsWith('/api/client/') ? clientKey : options.apiKey;
      if (req.headers.authorization !== `Bearer ${key}`) {
        [status, payload] = [401, errorBody('AuthenticationException', 401, 'Unauthenticated.')];
      } else if (failure) {
        failure.remaining -= 1;
        if (failure.remaining <= 0) failures.shift();
        [status, payload] = [failure.status, errorBody('HttpException', failure.status, 'An unexpected error was encountered while processing this request, please try again.')];
      } else {
        [status, payload] = wings.route(req.method ?? 'GET', url, body) ?? route(req.method ?? 'GET', url, body);
      }
      if (status === 204) {
        res.writeHead(204).end();
        return;
      }
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(payload));
    });
  });
  server.on('upgrade', (req, socket, head) => wings.upgrade(req, socket, head));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${port}`;

  return {
    url: baseUrl,
    clientKey,
    /** The Client API and Wings side: power state, backups, console, websocket tokens. */
    wings,
    requests,
    users,
    servers: serversList,
    /** A node in a location (Pterodactyl) or with a tag (Pelican), with `ports` free allocations. */
    addNode(node: Partial<FakeNode> & { location_id: number }, ports: number[], ip = '10.0.0.5', alias: string | null = '203.0.113.50') {
      const n: FakeNode = {
        id: nextId++,
        tags: [],
        memory: 32_768,
        memory_overallocate: 0,
        disk: 512_000,
        disk_overallocate: 0,
        maintenance_mode: false,
        ...node,
      };
      nodes.push(n);
      for (const p of ports) allocations.push({ id: nextId++, node: n.id, ip, alias, port: p, server: null });
      return n;
    },
    addUser(user: { email: string; external_id?: string | null }) {
      const u: FakeUser = {
        id: nextId++,
        external_id: user.external_id ?? null,
        uuid: randomUUID(),
        username: user.email.split('@')[0]!,
        email: user.email,
        first_name: 'Existing',
        last_name: 'User',
      };
      users.push(u);
      return u;
    },
    /** The install script finished (status null), or failed ('install_failed'). */
    finishInstall(externalId: string, status: string | null = null) {
      const s = serversList.find((x) => x.external_id === externalId);
      if (!s) throw new Error(`fake panel: no server ${externalId}`);
      s.status = status;
    },
    /** The next `count` requests answer `status` with the panel's generic error body. */
    failNext(count: number, status = 503) {
      failures.push({ status, remaining: count });
    },
    /** Suspends (or unsuspends) the server, as the panel's admin would. */
    suspend(externalId: string, suspended = true) {
      const s = serversList.find((x) => x.external_id === externalId);
      if (!s) throw new Error(`fake panel: no server ${externalId}`);
      s.status = suspended ? 'suspended' : null;
    },
    close: () => {
      wings.close();
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakePterodactyl = Awaited<ReturnType<typeof startFakePterodactyl>>;
