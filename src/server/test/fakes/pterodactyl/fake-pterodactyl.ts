import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApplicationApi } from './application-api';
import type { Flavor } from './application-servers';
import { createClientApi, type ClientApiOptions } from './client-api';
import { createClientFiles } from './client-files';
import { failure, unauthenticated, type Answer } from './envelope';
import { allPermissions, clientAccountRoutes, dropUnreadableIncludes, refuseByPermission, type KeyPermissions } from './key-permissions';
import { createPanelState, type PanelNode, type PanelServer } from './panel-state';
import { createThrottle, throttled, type ThrottleRule } from './throttle';
import { createWings } from './wings';

/**
 * A local Pterodactyl (or Pelican) panel with its Wings daemon, rebuilt from the real projects'
 * routes, form requests, services and transformers (see docs/decisions/022). One HTTP server
 * answers the Application API, the Client API, the node's backup downloads and its websocket.
 */
export type FakeServer = PanelServer;
export type FakeNode = PanelNode;

export interface FakeRequest {
  method: string;
  path: string;
  body: Record<string, unknown> | null;
}

export interface FakePanelOptions {
  apiKey: string;
  clientKey?: string;
  flavor?: Flavor;
  /** How long Wings takes to move through starting and stopping (default 25 ms). */
  powerTransitionMs?: number;
  /** The panel caches /resources for 20 s; tests that read right after a power signal pass 0. */
  resourceCacheMs?: number;
  backupThrottle?: ClientApiOptions['backupThrottle'];
  /** How long Wings takes to make a backup, and to restore one (default 10 ms). */
  backupMs?: number;
  /** How long a reinstall's install script runs (default 25 ms). */
  reinstallMs?: number;
  /** Wings' api.upload_limit in MB (default 100). */
  uploadLimitMb?: number;
  /** The `api.client` limit on the key's user: 720 a minute on Pterodactyl, 256 on Pelican (throttle.ts). */
  clientRateLimit?: ThrottleRule | false;
  /** Pelican's 5 websocket credentials a minute per server; Pterodactyl has none. */
  websocketRateLimit?: ThrottleRule | false;
}

/** routes/api-client.php: `/api/client` (the server list) and everything under it. */
const isClientApi = (url: URL) => url.pathname === '/api/client' || url.pathname.startsWith('/api/client/');

export interface FakePanelAccess {
  /** The application key's permissions per resource (1 read, 2 write, 3 both); every one by default. */
  applicationKeyPermissions?: Partial<KeyPermissions>;
  /** The panel's APP_URL, when it differs from the address it answers on. */
  appUrl?: string;
  /** Whether the client key's user is a root admin (true by default). */
  clientKeyOwnerIsAdmin?: boolean;
}

export async function startFakePterodactyl(options: FakePanelOptions & FakePanelAccess) {
  const flavor = options.flavor ?? 'pterodactyl';
  const clientKey = options.clientKey ?? 'ptlc_fake_client_key';
  const state = createPanelState();
  const requests: FakeRequest[] = [];
  const failures: { status: number; remaining: number }[] = [];
  let resets = 0;
  const throttle = createThrottle(() => state.clock.now());
  const clientLimit = options.clientRateLimit ?? { max: flavor === 'pelican' ? 256 : 720, windowMs: 60_000 };
  const websocketLimit = options.websocketRateLimit ?? (flavor === 'pelican' ? { max: 5, windowMs: 60_000 } : false);
  let baseUrl = '';
  const appUrl = () => options.appUrl ?? baseUrl;
  const keyPermissions: KeyPermissions = { ...allPermissions(), ...options.applicationKeyPermissions };
  // The client key belongs to a root admin of the panel.
  const admin = state.user({ email: 'admin@panel.test', username: 'admin', first_name: 'Panel', last_name: 'Admin' });
  admin.root_admin = options.clientKeyOwnerIsAdmin ?? true;
  state.users.splice(state.users.indexOf(admin), 1);
  const wings = createWings({ state, panelUrl: appUrl, transitionMs: options.powerTransitionMs ?? 25 });
  const clientFiles = createClientFiles(state, () => baseUrl, admin, (url) => {
    if (url.pathname !== '/download/backup') return { status: 404, error: 'not found' };
    const found = wings.readBackup(url);
    return 'backup' in found ? { content: found.backup.content } : found;
  }, { flavor, uploadLimitMb: options.uploadLimitMb });
  let failingReinstalls = 0;
  const application = createApplicationApi(state, flavor, {
    suspended: (s) => wings.power(s, 'kill'),
    // Wings stops the server, syncs it and runs the egg's install script over the volume; the
    // panel hears success (status null, the server stays off) or failure ('reinstall_failed').
    reinstall(s) {
      wings.power(s, 'kill');
      const fails = failingReinstalls > 0;
      if (fails) failingReinstalls -= 1;
      setTimeout(() => {
        if (s.status !== 'installing') return;
        if (fails) return void (s.status = 'reinstall_failed');
        const version = Object.entries(s.environment).find(([k]) => /VERSION$/.test(k) && !/^(BUILD|LOADER|FORGE|FABRIC)_/.test(k))?.[1];
        clientFiles.install(s, `egg ${s.egg_id} server jar, version ${String(version ?? 'latest')}\n`);
        s.status = null;
      }, options.reinstallMs ?? 25).unref();
    },
  });
  const client = createClientApi(state, wings, () => baseUrl, {
    resourceCacheMs: options.resourceCacheMs ?? 20_000,
    backupThrottle: options.backupThrottle ?? { limit: 2, periodSeconds: 600 },
    backupMs: options.backupMs ?? 10,
    keyOwner: admin,
    appUrl,
    flavor,
  }, clientFiles);

  const account = clientAccountRoutes(state, admin, flavor);
  const readable = (answered: Answer | null): Answer | null => (answered ? [answered[0], dropUnreadableIncludes(keyPermissions, answered[1])] : null);

  function answer(req: IncomingMessage, url: URL, body: unknown, raw: Buffer): Answer | { text: string } {
    const clientRoute = isClientApi(url);
    if (!clientRoute && !url.pathname.startsWith('/api/application/')) {
      return failure(404, 'NotFoundHttpException', 'The requested resource could not be found on the server.');
    }
    if (req.headers.authorization !== `Bearer ${clientRoute ? clientKey : options.apiKey}`) return unauthenticated();
    const failure_ = failures[0];
    if (failure_) {
      failure_.remaining -= 1;
      if (failure_.remaining <= 0) failures.shift();
      return failure(failure_.status, 'HttpException', 'An unexpected error was encountered while processing this request, please try again.');
    }
    if (body === undefined) {
      return failure(400, 'BadRequestHttpException', 'The JSON data passed in the request appears to be malformed: Syntax error');
    }
    const method = req.method ?? 'GET';
    const refused = clientRoute ? null : refuseByPermission(keyPermissions, method, url.pathname.replace(/^\/api\/application/, ''));
    if (refused) return refused;
    const own = clientRoute ? account(method, url) : null;
    if (own) return own;
    return (clientRoute ? client(method, url, body, raw) : readable(application(method, url, body))) ?? failure(404, 'NotFoundHttpException', 'The requested resource could not be found on the server.');
  }

  /**
   * The throttles of an authenticated Client API request, in the middleware's order: the group's
   * `api.client` limit first (counted even when the websocket limit then refuses), then Pelican's
   * per-server websocket limit. Null when no limit applies.
   */
  function limits(req: IncomingMessage, url: URL) {
    if (!isClientApi(url) || req.headers.authorization !== `Bearer ${clientKey}`) return null;
    const client = clientLimit ? throttle.hit(`api.client:${admin.uuid}`, clientLimit) : null;
    if (client && !client.allowed) return client;
    const socket = /^\/api\/client\/servers\/([^/]+)\/websocket$/.exec(url.pathname);
    if (socket && websocketLimit) {
      const verdict = throttle.hit(`websocket:${socket[1]}`, websocketLimit);
      if (!verdict.allowed) return verdict;
    }
    return client;
  }

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', baseUrl);
      if (wings.download(url, res)) return;
      const raw = Buffer.concat(chunks);
      if (clientFiles.node(req, url, raw, res)) return;
      const text = raw.toString('utf8');
      let body: unknown = null;
      // FileController::write takes the file's text as the raw body.
      if (text && !url.pathname.endsWith('/files/write')) {
        try {
          body = JSON.parse(text);
        } catch {
          body = undefined;
        }
      }
      requests.push({ method: req.method ?? 'GET', path: `${url.pathname}${url.search}`, body: (body ?? null) as Record<string, unknown> | null });
      if (resets > 0) {
        resets -= 1;
        // A proxy or the panel's web server dropping the connection mid-request: no answer at all.
        return void req.socket.destroy();
      }
      const limited = limits(req, url);
      if (limited && !limited.allowed) {
        return void res.writeHead(429, { 'content-type': 'application/json', ...limited.headers }).end(JSON.stringify(throttled));
      }
      const headers = limited?.headers ?? {};
      const answered = answer(req, url, body, raw);
      if ('text' in answered) return void res.writeHead(200, { 'content-type': 'text/plain', ...headers }).end(answered.text);
      const [status, payload] = answered;
      if (status === 204) return void res.writeHead(204, headers).end();
      res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(payload));
    });
  });
  server.on('upgrade', (req, socket, head) => wings.upgrade(req, socket, head));
  // Idle connections are the client's to close (undici drops them after 4 s). With Node's 5 s
  // here, an event loop held past both (a PDF render on a loaded machine) let the server close a
  // socket the client was reusing in the same tick: the call failed with ECONNRESET.
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const byExternal = (externalId: string) => {
    const s = state.servers.find((x) => x.external_id === externalId);
    if (!s) throw new Error(`fake panel: no server ${externalId}`);
    return s;
  };

  return {
    url: baseUrl,
    clientKey,
    flavor,
    /** The application key's permissions, changeable mid-test as an admin would edit the key. */
    keyPermissions,
    /** The node daemon: power state, console, backups, websocket tokens. */
    wings,
    /** Every API request: method, path with its query, and the JSON body. */
    requests,
    users: state.users,
    /** The panel's subusers, and each server's files as Wings keeps them. */
    subusers: clientFiles.subusers,
    files: (externalId: string) => clientFiles.tree(byExternal(externalId)),
    /** What Wings' background pulls meet: DNS, api.disable_remote_download per node, stalls, disk limits; and what failed. */
    pulls: clientFiles.pulls,
    servers: state.servers,
    nodes: state.nodes,
    locations: state.locations,
    allocations: state.allocations,
    eggs: state.eggs,
    /** A node in a location (Pterodactyl; the location is made if new) or with tags (Pelican), with free ports. */
    addNode(node: Partial<PanelNode> & { location_id: number }, ports: number[], ip = '10.0.0.5', alias: string | null = '203.0.113.50') {
      return state.node(node, ports, ip, alias);
    },
    addUser(user: { email: string; external_id?: string | null; username?: string }) {
      return state.user(user);
    },
    /** The install script finished (status null; the server boots if asked to), or failed ('install_failed'). */
    finishInstall(externalId: string, status: string | null = null) {
      const s = byExternal(externalId);
      s.status = status;
      if (status === null) wings.installed(s);
    },
    /** What the server's volume holds, as Wings reports it (disk_bytes). */
    setDiskUsage(externalId: string, bytes: number) {
      wings.runtime(byExternal(externalId)).diskBytes = bytes;
    },
    /** The next `count` API requests get no answer: their connection is closed (ECONNRESET, 'socket hang up'). */
    resetNext(count: number) {
      resets += count;
    },
    /** The next `count` API requests answer `status` with the panel's generic error body. */
    failNext(count: number, status = 503) {
      failures.push({ status, remaining: count });
    },
    /** Client API requests refused with 429 so far: all of them, or one server's websocket credentials. */
    refusedClientRequests: () => throttle.refused(`api.client:${admin.uuid}`),
    refusedWebsocketRequests: (identifier: string) => throttle.refused(`websocket:${identifier}`),
    /** The next `count` reinstalls' install scripts fail (the panel records 'reinstall_failed'). */
    failNextReinstalls(count = 1) {
      failingReinstalls += count;
    },
    /** Suspends (or unsuspends) the server as the panel's admin would; Wings stops it. */
    suspend(externalId: string, suspended = true) {
      const s = byExternal(externalId);
      s.status = suspended ? 'suspended' : null;
      if (suspended) wings.power(s, 'kill');
    },
    /** Starts or ends a transfer of the server to another node. */
    transfer(externalId: string, moving = true) {
      byExternal(externalId).transfer = moving;
    },
    close: () => {
      wings.close();
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakePterodactyl = Awaited<ReturnType<typeof startFakePterodactyl>>;
