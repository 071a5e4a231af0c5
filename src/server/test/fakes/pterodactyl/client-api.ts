import { createHash, randomUUID } from 'node:crypto';
import { failure, invalid, item, notFound, page, type Answer } from './envelope';
import { asLaravelInput, validate } from './laravel-validation';
import { signNodeToken } from './node-jwt';
import type { PanelServer, PanelState } from './panel-state';
import type { createClientFiles } from './client-files';
import type { FakeWings, WingsBackup } from './wings';
import type { Flavor } from './application-servers';

/**
 * The Client API (/api/client/servers/{server}) as a root admin's key meets it, from Pterodactyl
 * 1.11 (routes/api-client.php): AuthenticateServerAccess's 409 for a suspended, installing,
 * restoring or moving server; resources through a 20-second cache (ResourceUtilizationController);
 * power and command (502 when the server is off); backups (InitiateBackupService's throttle and
 * limit, BackupTransformer, a signed_url object for downloads); websocket credentials
 * (WebsocketController, a ten-minute token).
 *
 * Pelican (panel 235c8fb98fe6) differs on commands: Server::send posts to Wings through
 * `Http::daemon()` without `throw()`, so Wings' 502 "Cannot send commands to a stopped server
 * instance." (router/router_server.go, postServerCommands) never reaches CommandController's
 * catch: the panel answers 204 and the command is dropped.
 */
export interface ClientApiOptions {
  /** How long /resources answers from cache (the panel: 20 s). */
  resourceCacheMs: number;
  /** backups.throttles: at most `limit` backups a server in `periodSeconds` (the panel: 2 in 600). */
  backupThrottle: { limit: number; periodSeconds: number };
  /** How long Wings takes to finish a backup. */
  backupMs: number;
  /** The user the key belongs to (a root admin); its uuid goes in the tokens. */
  keyOwner: { id: number; uuid: string };
  flavor?: Flavor;
  /** The panel's APP_URL, the tokens' issuer (NodeJWTService: issuedBy(config('app.url'))); the address it answers on by default. */
  appUrl?: () => string;
}

const stateConflict = (s: PanelServer, maintenance: boolean): Answer => {
  let detail = 'This server is currently in an unsupported state, please try again later.';
  if (s.status === 'suspended') detail = 'This server is currently suspended and the functionality requested is unavailable.';
  else if (maintenance) detail = 'The node of this server is currently under maintenance and the functionality requested is unavailable.';
  else if (s.status === 'installing' || s.status === 'install_failed') detail = 'This server has not yet completed its installation process, please try again later.';
  else if (s.status === 'restoring_backup') detail = 'This server is currently restoring from a backup, please try again later.';
  else if (s.transfer) detail = 'This server is currently being transferred to a new machine, please try again later.';
  return failure(409, 'ServerStateConflictException', detail);
};

function backupItem(b: WingsBackup) {
  const { content: _content, files: _files, ...attributes } = b;
  return item('backup', { ...attributes, is_locked: false, ignored_files: [] });
}

export function createClientApi(
  state: PanelState,
  wings: FakeWings,
  baseUrl: () => string,
  options: ClientApiOptions,
  extra: ReturnType<typeof createClientFiles>,
) {
  const cache = new Map<string, { at: number; stats: ReturnType<FakeWings['stats']> }>();

  function token(s: PanelServer, claims: Record<string, unknown>, minutes: number) {
    const node = state.nodes.find((n) => n.id === s.node_id)!;
    return signNodeToken(node.daemon_token, {
      iss: (options.appUrl ?? baseUrl)(),
      aud: baseUrl(),
      jti: createHash('md5').update(`${options.keyOwner.id}${s.uuid}`).digest('hex'),
      exp: Math.floor(state.clock.now() / 1000) + minutes * 60,
      server_uuid: s.uuid,
      user_uuid: options.keyOwner.uuid,
      user_id: options.keyOwner.id,
      ...claims,
    }, state.clock.now());
  }

  /**
   * BackupController::restore (RestoreBackupRequest: truncate required|boolean): only an installed,
   * idle server (status null); the server is 'restoring_backup' while Wings stops it and writes
   * the files back (emptying the folder first with truncate), then null again.
   */
  function restore(s: PanelServer, backup: WingsBackup, body: unknown): Answer {
    const input = asLaravelInput(body);
    const issues = validate(input, { truncate: 'required|boolean' });
    if (issues.length) return invalid(issues);
    if (s.status !== null) {
      return failure(400, 'BadRequestHttpException', 'This server is not currently in a state that allows for a backup to be restored.');
    }
    if (!backup.is_successful && backup.completed_at === null) {
      return failure(400, 'BadRequestHttpException', 'This backup cannot be restored at this time: not completed or failed.');
    }
    s.status = 'restoring_backup';
    wings.power(s, 'kill');
    setTimeout(() => {
      if (backup.files) extra.restore(s, backup.files, input.truncate === true || input.truncate === 1 || input.truncate === '1' || input.truncate === 'true');
      if (s.status === 'restoring_backup') s.status = null;
    }, options.backupMs).unref();
    return [204, null];
  }

  function backups(s: PanelServer, method: string, rest: string, url: URL, body: unknown): Answer {
    const r = wings.runtime(s);
    if (method === 'GET' && rest === '') {
      const perPage = Math.min(Number(url.searchParams.get('per_page')) || 20, 50);
      url.searchParams.set('per_page', String(perPage));
      const listed = page(r.backups, backupItem, url, perPage);
      return [200, { ...listed, meta: { ...listed.meta, backup_count: r.backups.filter((b) => b.is_successful || !b.completed_at).length } }];
    }
    if (method === 'POST' && rest === '') {
      const input = asLaravelInput(body);
      const issues = validate(input, { name: 'nullable|string|max:191', is_locked: 'nullable|boolean', ignored: 'nullable|string' });
      if (issues.length) return invalid(issues);
      const { limit, periodSeconds } = options.backupThrottle;
      const recent = r.backups.filter((b) => Date.parse(b.created_at) > Date.now() - periodSeconds * 1000);
      if (periodSeconds > 0 && recent.length >= limit) {
        return failure(429, 'TooManyRequestsHttpException', `Only ${limit} backups may be generated within a ${periodSeconds} second span of time.`);
      }
      const kept = r.backups.filter((b) => b.is_successful || !b.completed_at).length;
      if (!s.backup_limit || kept >= s.backup_limit) {
        return failure(400, 'TooManyBackupsException', `Cannot create a new backup, this server has reached its limit of ${s.backup_limit ?? 0} backups.`);
      }
      const createdAt = new Date();
      const backup: WingsBackup = {
        uuid: randomUUID(),
        name: (input.name as string | null) ?? `Backup at ${createdAt.toISOString().slice(0, 19).replace('T', ' ')}`,
        ...(() => {
          // Wings archives the volume as a .tar.gz: what a download (or another node's pull) gets.
          const files = extra.snapshot(s);
          return { files, content: extra.archive(files) };
        })(),
        created_at: createdAt.toISOString(),
        completed_at: null,
        is_successful: false,
        checksum: null,
        bytes: 0,
      };
      r.backups.push(backup);
      // Wings archives the files and reports back to the panel when it is done.
      setTimeout(() => {
        Object.assign(backup, {
          completed_at: new Date().toISOString(),
          is_successful: true,
          checksum: `sha1:${createHash('sha1').update(backup.content).digest('hex')}`,
          bytes: backup.content.length,
        });
      }, options.backupMs).unref();
      return [200, backupItem(backup)];
    }
    const m = /^\/([^/]+)(\/download|\/restore)?$/.exec(rest);
    const backup = m ? r.backups.find((b) => b.uuid === m[1]) : undefined;
    if (!m || !backup) return notFound();
    if (method === 'POST' && m[2] === '/restore') return restore(s, backup, body);
    if (m[2] === '/restore') return notFound();
    if (method === 'GET' && !m[2]) return [200, backupItem(backup)];
    if (method === 'GET' && m[2]) {
      const url_ = `${baseUrl()}/download/backup?token=${token(s, { backup_uuid: backup.uuid }, 15)}`;
      return [200, { object: 'signed_url', attributes: { url: url_ } }];
    }
    if (method === 'DELETE' && !m[2]) {
      r.backups.splice(r.backups.indexOf(backup), 1);
      return [204, null];
    }
    return notFound();
  }

  return function route(method: string, url: URL, body: unknown, raw: Buffer = Buffer.alloc(0)): Answer | { text: string } | null {
    const m = /^\/api\/client\/servers\/([^/]+)(\/.*)?$/.exec(url.pathname);
    if (!m) return null;
    const key = decodeURIComponent(m[1]!);
    const s = state.servers.find((x) => (key.length === 8 ? x.identifier === key : x.uuid === key));
    if (!s) return notFound();
    const rest = m[2] ?? '';
    const view = method === 'GET' && rest === '';
    // Server::validateCurrentState.
    const maintenance = state.nodes.some((n) => n.id === s.node_id && n.maintenance_mode);
    const blocked = ['suspended', 'installing', 'install_failed', 'restoring_backup'].includes(s.status ?? '') || s.transfer || maintenance;
    // A root admin may still open the websocket of an installing server, not of a suspended one.
    const adminSocket = rest === '/websocket' && s.status !== 'suspended' && !maintenance;
    if (blocked && !view && !adminSocket) return stateConflict(s, maintenance);

    if (view) {
      const node = state.nodes.find((n) => n.id === s.node_id);
      return [
        200,
        item('server', {
          identifier: s.identifier,
          uuid: s.uuid,
          name: s.name,
          status: s.status,
          is_suspended: s.status === 'suspended',
          is_installing: s.status === 'installing',
          sftp_details: { ip: node?.fqdn ?? '', port: 2022 },
        }),
      ];
    }
    if (method === 'GET' && rest === '/resources') {
      const cached = cache.get(s.uuid);
      const fresh = cached && Date.now() - cached.at < options.resourceCacheMs ? cached.stats : wings.stats(s);
      if (fresh !== cached?.stats) cache.set(s.uuid, { at: Date.now(), stats: fresh });
      return [
        200,
        item('stats', {
          current_state: fresh.state,
          is_suspended: false,
          resources: {
            memory_bytes: fresh.memory_bytes,
            cpu_absolute: fresh.cpu_absolute,
            disk_bytes: fresh.disk_bytes,
            network_rx_bytes: fresh.network.rx_bytes,
            network_tx_bytes: fresh.network.tx_bytes,
            uptime: fresh.uptime,
          },
        }),
      ];
    }
    if (method === 'POST' && rest === '/power') {
      const issues = validate(asLaravelInput(body), { signal: 'required|string|in:start,stop,restart,kill' });
      if (issues.length) return invalid(issues);
      wings.power(s, String((body as { signal: string }).signal));
      return [204, null];
    }
    if (method === 'POST' && rest === '/command') {
      const input = asLaravelInput(body);
      const issues = validate(input, { command: 'required|string|min:1' });
      if (issues.length) return invalid(issues);
      if (wings.runtime(s).power === 'offline') {
        return options.flavor === 'pelican' ? [204, null] : failure(502, 'HttpException', 'Server must be online in order to send commands.');
      }
      wings.print(s, `[Server] ${String(input.command)}`);
      return [204, null];
    }
    if (method === 'GET' && rest === '/websocket') {
      const socket = `${baseUrl().replace(/^http/, 'ws')}/api/servers/${s.uuid}/ws`;
      const permissions = ['*', 'admin.websocket.errors', 'admin.websocket.install', 'admin.websocket.transfer'];
      return [200, { data: { token: token(s, { permissions }, 10), socket } }];
    }
    if (rest === '/backups' || rest.startsWith('/backups/')) return backups(s, method, rest.slice('/backups'.length), url, body);
    if (rest.startsWith('/files/')) return extra.files(s, method, rest.slice('/files'.length), url, body, raw);
    if (rest === '/users' || rest.startsWith('/users/')) return extra.users(s, method, rest.slice('/users'.length), body);
    return notFound();
  };
}
