import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { BlockList, isIP } from 'node:net';
import { failure, invalid, item, notFound, type Answer } from './envelope';
import { asLaravelInput, validate } from './laravel-validation';
import { signNodeToken, verifyNodeToken } from './node-jwt';
import { tarGz, untarGz, type TarEntry } from '../tar-gz';
import type { Flavor } from './application-servers';
import type { PanelServer, PanelState, PanelUser } from './panel-state';

/**
 * Files and subusers of the Client API with the node's upload and download, after Pterodactyl
 * 1.11 (FileController, FileUploadController, SubuserController with SubuserCreationService and
 * SubuserTransformer, Permission::permissions) and Wings 1.11 (router/router_server_files.go,
 * router_download.go, the upload handler's multipart `files` field and `directory` query).
 * Wings' tree is kept in memory per server; a missing path is Wings' 404, an existing target is
 * its 400. Pterodactyl relays them with Wings' status and words (DaemonConnectionException);
 * Pelican does not (DaemonFileRepository, Exceptions/Handler.php at 235c8fb98fe6): every Wings
 * refusal is a 500 with the generic detail, named only by its exception class: FileNotFoundException
 * (contents, 404), FileNotEditableException (contents, 400), FileExistsException (write and
 * create-folder, 400) and Laravel's RequestException for the rest.
 */
/** Wings' words for ErrCodeDiskSpace (router/middleware/request_error.go). */
const WINGS_NO_SPACE = 'There is not enough disk space available to perform that action.';

/** downloader.go's internalRanges, with the loopback and link-local checks isExternalNetwork makes. */
const internalAddresses = new BlockList();
for (const [net, bits] of [['127.0.0.0', 8], ['10.0.0.0', 8], ['172.16.0.0', 12], ['192.168.0.0', 16], ['169.254.0.0', 16]] as const) internalAddresses.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [['::1', 128], ['fe80::', 10], ['fc00::', 7]] as const) internalAddresses.addSubnet(net, bits, 'ipv6');

export type FileNode = { kind: 'dir'; modified: string } | { kind: 'file'; content: Buffer; modified: string };
type Node = FileNode;

interface Subuser {
  uuid: string;
  user_id: number;
  server_id: number;
  permissions: string[];
}

/** Permission::permissions(), flattened: what the panel keeps of the asked-for list. */
const knownPermissions = new Set([
  'websocket.connect', 'control.console', 'control.start', 'control.stop', 'control.restart',
  'user.create', 'user.read', 'user.update', 'user.delete',
  'file.create', 'file.read', 'file.read-content', 'file.update', 'file.delete', 'file.archive', 'file.sftp',
  'backup.create', 'backup.read', 'backup.delete', 'backup.download', 'backup.restore',
  'allocation.read', 'allocation.create', 'allocation.update', 'allocation.delete',
  'startup.read', 'startup.update', 'startup.docker-image',
  'database.create', 'database.read', 'database.update', 'database.delete', 'database.view_password',
  'schedule.create', 'schedule.read', 'schedule.update', 'schedule.delete',
  'settings.rename', 'settings.reinstall', 'activity.read',
]);

/** Pelican's Handler answers any exception that is not an HTTP one with this detail (app.debug off). */
export const GENERIC_DETAIL = 'An unexpected error was encountered while processing this request, please try again.';

/** Which exception Pelican's DaemonFileRepository throws for a Wings status, on the calls that catch one. */
type PelicanCatch = Partial<Record<number, string>>;

function relayedBy(flavor: Flavor) {
  return (status: number, error: string, pelican: PelicanCatch = {}): Answer =>
    flavor === 'pelican'
      ? failure(500, pelican[status] ?? 'RequestException', GENERIC_DETAIL)
      : failure(status, 'DaemonConnectionException', `An error occurred on the remote host: ${error}. (request id: ${randomUUID()})`);
}

/** Wings cleans every path to one inside the server's root. */
function clean(path: string | null): string {
  return (path ?? '/').split('/').filter((p) => p !== '' && p !== '.').join('/');
}

/** What Wings gets when it downloads a URL for /files/pull: the body, or the remote's failure. */
export type PullSource = (url: URL) => { content: Buffer } | { status: number; error: string };

export function createClientFiles(
  state: PanelState,
  baseUrl: () => string,
  keyOwner: { id: number; uuid: string },
  /** Wings' download of a pulled URL; this fake answers its own node's signed URLs only. */
  pullSource: PullSource = () => ({ status: 404, error: 'not found' }),
  options: { flavor?: Flavor; uploadLimitMb?: number } = {},
) {
  const daemonError = relayedBy(options.flavor ?? 'pterodactyl');
  /** Wings' api.upload_limit (config.yml, 100 MB unless the host changed it). */
  const uploadLimitMb = options.uploadLimitMb ?? 100;
  const trees = new Map<string, Map<string, Node>>();
  const subusers: Subuser[] = [];
  const usedTokens = new Set<string>();
  const stamp = () => new Date().toISOString();

  /**
   * What Wings' background pulls meet. `dns`: what a host resolves to for the node (an IP literal is
   * itself; other names a public address unless listed). `disabledNodes`: nodes whose config.yml sets
   * api.disable_remote_download. `stallNext`: downloads that stop part way (a connection that hangs).
   * `diskLimits`: a server's disk in bytes other than its build's. `failures`: what Wings logged.
   */
  const pulls = {
    dns: new Map<string, string>(),
    disabledNodes: new Set<number>(),
    stallNext: 0,
    diskLimits: new Map<string, number>(),
    failures: [] as { server: string; url: string; error: string }[],
  };
  const diskLimit = (s: PanelServer) => pulls.diskLimits.get(s.uuid) ?? s.disk * 1024 * 1024;
  const used = (t: Map<string, Node>) => [...t.values()].reduce((sum, n) => sum + (n.kind === 'file' ? n.content.length : 0), 0);

  /**
   * downloader.Execute: the URL names the source node's address (the panel signs it with the
   * node's FQDN; this fake serves every node on one loopback port, so the node comes from the
   * token). isExternalNetwork refuses an address in a private or loopback range, a failed request
   * or a status other than 200 ends it, and Write checks the Content-Length against the disk first.
   */
  function download(s: PanelServer, t: Map<string, Node>, url: URL, path: string): { content: Buffer } | { error: string } {
    const claims = claimsOf(url);
    const source = claims ? state.servers.find((x) => x.uuid === claims.server_uuid) : undefined;
    const host = (source ? state.nodes.find((n) => n.id === source.node_id)?.fqdn : undefined) ?? url.hostname;
    const address = isIP(host) ? host : pulls.dns.get(host) ?? '203.0.113.10';
    if (internalAddresses.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4')) {
      return { error: 'downloader: destination resolves to internal network location' };
    }
    const got = url.origin === new URL(baseUrl()).origin ? pullSource(url) : { status: 502, error: 'dial tcp: connection refused' };
    if (!('content' in got)) return { error: 'downloader: got bad response status from endpoint: ' + got.status };
    const existing = t.get(path);
    const limit = diskLimit(s);
    const growth = got.content.length - (existing?.kind === 'file' ? existing.content.length : 0);
    if (limit > 0 && used(t) + growth > limit) return { error: 'downloader: failed to write file to server directory: ' + WINGS_NO_SPACE };
    return got;
  }

  function tree(s: PanelServer): Map<string, Node> {
    let t = trees.get(s.uuid);
    if (!t) {
      t = new Map<string, Node>([
        ['', { kind: 'dir', modified: stamp() }],
        ['server.properties', { kind: 'file', content: Buffer.from('motd=A Minecraft Server\nserver-port=25565\n'), modified: stamp() }],
        ['eula.txt', { kind: 'file', content: Buffer.from('eula=true\n'), modified: stamp() }],
        ['world', { kind: 'dir', modified: stamp() }],
      ]);
      trees.set(s.uuid, t);
    }
    return t;
  }
  const parentOf = (p: string) => p.split('/').slice(0, -1).join('/');
  const children = (t: Map<string, Node>, dir: string) => [...t.keys()].filter((k) => k !== '' && parentOf(k) === dir);

  function token(s: PanelServer, claims: Record<string, unknown>) {
    const node = state.nodes.find((n) => n.id === s.node_id)!;
    return signNodeToken(node.daemon_token, {
      iss: baseUrl(),
      aud: baseUrl(),
      jti: `${keyOwner.id}${s.uuid}`,
      exp: Math.floor(state.clock.now() / 1000) + 15 * 60,
      server_uuid: s.uuid,
      user_uuid: keyOwner.uuid,
      user_id: keyOwner.id,
      ...claims,
    }, state.clock.now());
  }

  function subuserItem(sub: Subuser) {
    const user = state.users.find((u) => u.id === sub.user_id)!;
    return item('server_subuser', {
      uuid: sub.uuid,
      username: user.username,
      email: user.email,
      image: 'https://gravatar.com/avatar/0',
      '2fa_enabled': false,
      created_at: '2030-01-15T12:00:00+00:00',
      permissions: sub.permissions,
    });
  }

  function cleanedPermissions(asked: unknown): string[] {
    const list = Array.isArray(asked) ? asked.filter((p): p is string => typeof p === 'string' && knownPermissions.has(p)) : [];
    return [...new Set([...list, 'websocket.connect'])];
  }

  function users(s: PanelServer, method: string, rest: string, body: unknown): Answer {
    if (method === 'GET' && rest === '') return [200, { object: 'list', data: subusers.filter((x) => x.server_id === s.id).map(subuserItem) }];
    if (method === 'POST' && rest === '') {
      const input = asLaravelInput(body);
      const issues = validate(input, { email: 'required|email|between:1,191', permissions: 'required|array' });
      if (issues.length) return invalid(issues);
      const email = String(input.email);
      let user: PanelUser | undefined = state.users.find((u) => u.email.toLowerCase() === email.toLowerCase());
      if (user && user.id === s.owner_id) return failure(400, 'UserIsServerOwnerException', 'Cannot add the server owner as a subuser for this server.');
      if (user && subusers.some((x) => x.user_id === user!.id && x.server_id === s.id)) {
        return failure(400, 'ServerSubuserExistsException', 'A user with that email address is already assigned as a subuser for this server.');
      }
      // SubuserCreationService: an unknown address gets a panel account named after it.
      user ??= state.user({ email, username: `${email.split('@')[0]!.replace(/[^\w.-]+/g, '').slice(0, 64)}${randomUUID().slice(0, 3)}`, first_name: 'Server', last_name: 'Subuser' });
      const sub: Subuser = { uuid: randomUUID(), user_id: user.id, server_id: s.id, permissions: cleanedPermissions(input.permissions) };
      subusers.push(sub);
      return [200, subuserItem(sub)];
    }
    const m = /^\/([0-9a-f-]{36})$/.exec(rest);
    const sub = m ? subusers.find((x) => x.uuid === m[1] && x.server_id === s.id) : undefined;
    if (!sub) return notFound();
    if (method === 'GET') return [200, subuserItem(sub)];
    if (method === 'POST') {
      const input = asLaravelInput(body);
      const issues = validate(input, { permissions: 'required|array' });
      if (issues.length) return invalid(issues);
      sub.permissions = cleanedPermissions(input.permissions);
      return [200, subuserItem(sub)];
    }
    if (method === 'DELETE') {
      subusers.splice(subusers.indexOf(sub), 1);
      return [204, null];
    }
    return notFound();
  }

  /** The Client API's /files/* (JSON answers); `raw` is the request body for /files/write. */
  function files(s: PanelServer, method: string, rest: string, url: URL, body: unknown, raw: Buffer): Answer | { text: string } {
    const t = tree(s);
    if (method === 'GET' && rest === '/list') {
      const dir = clean(url.searchParams.get('directory'));
      if (t.get(dir)?.kind !== 'dir') return daemonError(404, 'The requested resource was not found on the system');
      return [
        200,
        {
          object: 'list',
          data: children(t, dir).map((k) => {
            const n = t.get(k)!;
            return item('file_object', {
              name: k.split('/').at(-1),
              mode: n.kind === 'dir' ? 'drwxr-xr-x' : '-rw-r--r--',
              mode_bits: n.kind === 'dir' ? '755' : '644',
              size: n.kind === 'file' ? n.content.length : 4096,
              is_file: n.kind === 'file',
              is_symlink: false,
              mimetype: n.kind === 'dir' ? 'inode/directory' : k.endsWith('.txt') || k.endsWith('.properties') ? 'text/plain' : 'application/octet-stream',
              created_at: n.modified,
              modified_at: n.modified,
            });
          }),
        },
      ];
    }
    if (method === 'GET' && rest === '/contents') {
      const n = t.get(clean(url.searchParams.get('file')));
      const caught = { 404: 'FileNotFoundException', 400: 'FileNotEditableException' };
      if (!n) return daemonError(404, 'The requested resources was not found on the system', caught);
      if (n.kind !== 'file') return daemonError(400, 'Cannot perform that action: file is a directory', caught);
      return { text: n.content.toString('utf8') };
    }
    if (method === 'POST' && rest === '/write') {
      const path = clean(url.searchParams.get('file'));
      if (!url.searchParams.get('file')) return invalid([{ field: 'file', rule: 'required', detail: 'The file field is required.' }]);
      if (t.get(parentOf(path))?.kind !== 'dir') return daemonError(404, 'The requested resource was not found on the system');
      if (t.get(path)?.kind === 'dir') return daemonError(400, 'Cannot perform that action: file is a directory', { 400: 'FileExistsException' });
      t.set(path, { kind: 'file', content: raw, modified: stamp() });
      return [204, null];
    }
    const input = asLaravelInput(body);
    if (method === 'PUT' && rest === '/rename') {
      const issues = validate(input, { root: 'required|nullable|string', files: 'required|array' });
      if (issues.length) return invalid(issues);
      const root = clean(input.root as string | null);
      for (const f of input.files as { from: string; to: string }[]) {
        const from = clean(`${root}/${f.from}`);
        const to = clean(`${root}/${f.to}`);
        if (!t.has(from)) return daemonError(404, 'The requested resource was not found on the system');
        if (t.has(to)) return daemonError(400, 'Cannot move or rename file, destination already exists');
        for (const key of [...t.keys()].filter((k) => k === from || k.startsWith(`${from}/`))) {
          t.set(`${to}${key.slice(from.length)}`, t.get(key)!);
          t.delete(key);
        }
      }
      return [204, null];
    }
    if (method === 'POST' && rest === '/delete') {
      const issues = validate(input, { root: 'required|nullable|string', files: 'required|array' });
      if (issues.length) return invalid(issues);
      const root = clean(input.root as string | null);
      for (const name of input.files as string[]) {
        const target = clean(`${root}/${name}`);
        for (const key of [...t.keys()].filter((k) => k === target || k.startsWith(`${target}/`))) t.delete(key);
      }
      return [204, null];
    }
    if (method === 'POST' && rest === '/create-folder') {
      const issues = validate(input, { root: 'sometimes|nullable|string', name: 'required|string' });
      if (issues.length) return invalid(issues);
      const path = clean(`${clean(input.root as string | null)}/${String(input.name)}`);
      if (t.has(path)) return daemonError(400, 'a file or folder already exists at that path', { 400: 'FileExistsException' });
      t.set(path, { kind: 'dir', modified: stamp() });
      return [204, null];
    }
    if (method === 'POST' && rest === '/pull') {
      // PullFileRequest, then Wings' postServerPullRemoteFile behind its RemoteDownloadEnabled middleware.
      const issues = validate(input, { url: 'required|string|url', directory: 'nullable|string', filename: 'nullable|string', use_header: 'boolean', foreground: 'boolean' });
      if (issues.length) return invalid(issues);
      if (pulls.disabledNodes.has(s.node_id)) return daemonError(400, 'This functionality is not currently enabled on this instance.');
      // HasSpaceErr(true): a server already past its disk cannot pull anything.
      const limit = diskLimit(s);
      if (limit > 0 && used(t) > limit) return daemonError(400, WINGS_NO_SPACE);
      const dir = clean(input.directory as string | null);
      if (t.get(dir)?.kind !== 'dir') return daemonError(404, 'The requested resource was not found on the system');
      const target = new URL(String(input.url));
      const name = (input.filename as string | null) ?? target.pathname.split('/').at(-1) ?? 'download';
      const path = clean(`${dir}/${name}`);
      const foreground = input.foreground === true || input.foreground === 1 || input.foreground === '1' || input.foreground === 'true';
      if (foreground) {
        const got = download(s, t, target, path);
        if ('error' in got) return daemonError(400, got.error);
        t.set(path, { kind: 'file', content: got.content, modified: stamp() });
        return [204, null];
      }
      // The panel answers 204 at once (FileController::pull); Wings downloads in a goroutine and only
      // logs a failure: no file appears, or a partial one stops growing. Nothing tells the caller.
      const stalls = pulls.stallNext > 0;
      if (stalls) pulls.stallNext -= 1;
      setTimeout(() => {
        const got = download(s, t, target, path);
        if ('error' in got) return void pulls.failures.push({ server: s.uuid, url: target.toString(), error: got.error });
        // Wings writes the file as it downloads: part of it first, then the rest.
        t.set(path, { kind: 'file', content: got.content.subarray(0, Math.floor(got.content.length / 2)), modified: stamp() });
        if (stalls) return;
        setTimeout(() => t.set(path, { kind: 'file', content: got.content, modified: stamp() }), 30).unref();
      }, 5).unref();
      return [204, null];
    }
    if (method === 'POST' && rest === '/decompress') {
      const issues = validate(input, { root: 'sometimes|nullable|string', file: 'required|string' });
      if (issues.length) return invalid(issues);
      const root = clean(input.root as string | null);
      const n = t.get(clean(`${root}/${String(input.file)}`));
      if (!n || n.kind !== 'file') return daemonError(404, 'The requested resource was not found on the system');
      let entries: TarEntry[];
      try {
        entries = untarGz(n.content);
      } catch {
        return daemonError(400, 'archive format not recognised');
      }
      // SpaceAvailableForDecompression: the unpacked files must fit beside what is there (the archive too).
      const unpacked = entries.reduce((sum, e) => sum + (e.folder ? 0 : Buffer.byteLength(e.content)), 0);
      const limit = diskLimit(s);
      if (limit > 0 && used(t) + unpacked > limit) return daemonError(400, WINGS_NO_SPACE);
      for (const entry of entries) {
        const path = clean(`${root}/${entry.name}`);
        const parts = path.split('/');
        for (let i = 1; i < parts.length; i += 1) {
          const parent = parts.slice(0, i).join('/');
          if (!t.has(parent)) t.set(parent, { kind: 'dir', modified: stamp() });
        }
        t.set(path, entry.folder ? { kind: 'dir', modified: stamp() } : { kind: 'file', content: Buffer.from(entry.content), modified: stamp() });
      }
      return [204, null];
    }
    if (method === 'GET' && rest === '/upload') {
      return [200, { object: 'signed_url', attributes: { url: `${baseUrl()}/upload/file?token=${token(s, {})}` } }];
    }
    if (method === 'GET' && rest === '/download') {
      const file = url.searchParams.get('file') ?? '';
      return [200, { object: 'signed_url', attributes: { url: `${baseUrl()}/download/file?token=${token(s, { file_path: decodeURIComponent(file) })}` } }];
    }
    return notFound();
  }

  function claimsOf(url: URL) {
    const raw = url.searchParams.get('token') ?? '';
    for (const node of state.nodes) {
      try {
        return verifyNodeToken(node.daemon_token, raw, state.clock.now());
      } catch {
        // Another node's key.
      }
    }
    return null;
  }

  /** Wings: POST /upload/file?token=&directory= (multipart `files`) and GET /download/file?token=. */
  function node(req: IncomingMessage, url: URL, raw: Buffer, res: ServerResponse): boolean {
    if (url.pathname !== '/upload/file' && url.pathname !== '/download/file') return false;
    const answer = (status: number, error: string) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ error }));
    const claims = claimsOf(url);
    if (!claims) return (answer(403, 'You are not authorized to access this endpoint.'), true);
    const s = state.servers.find((x) => x.uuid === claims.server_uuid);
    if (!s) return (answer(404, 'The requested resource does not exist on this instance.'), true);
    const t = tree(s);
    if (url.pathname === '/download/file') {
      const unique = String(claims.unique_id);
      if (usedTokens.has(unique)) return (answer(404, 'The requested resource was not found on this server.'), true);
      usedTokens.add(unique);
      const n = t.get(clean(String(claims.file_path)));
      if (!n || n.kind !== 'file') return (answer(404, 'The requested resource was not found on this server.'), true);
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': n.content.length }).end(n.content);
      return true;
    }
    const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(req.headers['content-type'] ?? '');
    if (req.method !== 'POST' || !boundary) return (answer(400, 'Failed to get multipart form'), true);
    const marker = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
    const dir = clean(url.searchParams.get('directory'));
    if (t.get(dir)?.kind !== 'dir') return (answer(404, 'The requested resource was not found on the system.'), true);
    let at = raw.indexOf(marker);
    let stored = 0;
    const parts: { name: string; content: Buffer }[] = [];
    while (at !== -1) {
      const next = raw.indexOf(marker, at + marker.length);
      if (next === -1) break;
      const part = raw.subarray(at + marker.length + 2, next - 2);
      const split = part.indexOf('\r\n\r\n');
      const head = part.subarray(0, split).toString('utf8');
      const name = /name="files"; filename="([^"]*)"/.exec(head)?.[1];
      if (name) parts.push({ name, content: Buffer.from(part.subarray(split + 4)) });
      at = next;
    }
    // postServerUploadFiles checks every file against the limit before writing any, and says so with a 400.
    const tooLarge = parts.find((p) => p.content.length > uploadLimitMb * 1024 * 1024);
    if (tooLarge) return (answer(400, `File ${tooLarge.name} is larger than the maximum file upload size of ${uploadLimitMb} MB.`), true);
    for (const p of parts) {
      t.set(clean(`${dir}/${p.name}`), { kind: 'file', content: p.content, modified: stamp() });
      stored += 1;
    }
    if (stored === 0) return (answer(400, 'No files were found on the request body.'), true);
    res.writeHead(200).end();
    return true;
  }

  /** What a backup archives: a copy of the server's tree at this moment. */
  function snapshot(s: PanelServer): ReadonlyMap<string, Node> {
    return new Map([...tree(s)].map(([k, n]) => [k, n.kind === 'file' ? { ...n, content: Buffer.from(n.content) } : { ...n }]));
  }

  /** Wings' restore: with truncate the folder is emptied first, then the backup's files are written over it. */
  function restore(s: PanelServer, from: ReadonlyMap<string, Node>, truncate: boolean) {
    const t = tree(s);
    if (truncate) t.clear();
    for (const [k, n] of from) t.set(k, n.kind === 'file' ? { ...n, content: Buffer.from(n.content) } : { ...n });
    if (!t.has('')) t.set('', { kind: 'dir', modified: stamp() });
  }

  /** An egg's install script: it writes the server jar over the existing folder and leaves the rest. */
  function install(s: PanelServer, jar: string) {
    tree(s).set('server.jar', { kind: 'file', content: Buffer.from(jar), modified: stamp() });
  }

  /** A snapshot as the .tar.gz Wings makes of a volume. */
  function archive(files: ReadonlyMap<string, Node>): Buffer {
    const at = new Date(state.clock.now());
    return tarGz(
      [...files]
        .filter(([k]) => k !== '')
        .map(([name, n]) => (n.kind === 'dir' ? { name, content: '', mtime: at, folder: true } : { name, content: n.content, mtime: at })),
    );
  }

  return { files, users, node, subusers, tree, snapshot, restore, install, archive, pulls };
}
