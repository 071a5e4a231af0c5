import { count, eq, like, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { locations, panelAccounts, simPanelServers, users } from '../../db/schema';
import type { Clock, Ids } from '../../lib/runtime';
import { PanelError, type GamePanel, type PanelRef, type PanelServer } from './game-panel';
import { createSimBackups } from './sim-backups';
import { createSimFailures, type SimFailures } from './sim-failures';
import { createSimFiles } from './sim-files';
import { simSoftwareFiles } from './sim-software';
import { takeInstallFailure } from './sim-panel-settings';
import { createSimConsoleLog, simCommandAnswer, simRecentLines, simScript } from './sim-console';
import { addSimExistingServer, listSimServers, type SimExistingServerInput } from './sim-existing-servers';
import { firstFreePort, gamePort, simNodeIp } from './sim-network';
import { defaultSimTimings, simPowerTransition, simServerState, type SimServerRow } from './sim-power';
import { simPlayers, simResources, simUsageHistory } from './sim-usage';

export { simServerState, type SimServerRow } from './sim-power';

export interface SimPanelOptions {
  /** Seconds a new server takes to install (SIM_PANEL_INSTALL_SECONDS). */
  installSeconds: number;
  /** Servers per location (SIM_PANEL_CAPACITY). */
  capacity: number;
  /** Per-location overrides (SIM_PANEL_CAPACITY_BY_LOCATION). */
  capacityByLocation?: Record<string, number>;
  /** Where the customer manages the server: the product's own dashboard, as there is no external panel. */
  publicUrl: string;
  /** Where backups are written (DATA_DIR); ./data when unset. */
  dataDir?: string;
  /** Seconds a start and a stop take (6 and 3). */
  startSeconds?: number;
  stopSeconds?: number;
  /** Seconds a backup takes to finish (3). */
  backupSeconds?: number;
  /** How often an open console looks for new output, in real milliseconds (500). */
  consolePollMs?: number;
  /** Seconds putting a backup back takes (3). A reinstall takes installSeconds. */
  restoreSeconds?: number;
  /** Tests: the bytes one GB of a plan's disk holds (1 GiB), so a server can be filled to its limit quickly. */
  diskBytesPerGb?: number;
}

/** The simulated panel, with what tests may ask of it beyond the GamePanel interface. */
export interface SimPanel extends GamePanel {
  readonly id: 'sim';
  /**
   * The next `times` calls of a panel method ('createBackup', 'reinstall', 'restoreBackup',
   * 'createServer', 'deleteServer', 'power', ...) fail with a PanelError (not retryable, 500,
   * unless told), before they change anything; 'reinstall.install' lets a reinstall start and
   * its install script fail. In memory, for this process.
   */
  injectFailure(step: string, times?: number, options?: { retryable?: boolean; status?: number }): void;
  /** Forgets every injected failure not yet used. */
  clearFailures(): void;
  /** Puts a running server on the panel as the host's admin would, owned by one of our accounts (linking, decision 050). */
  addExistingServer(input: SimExistingServerInput): Promise<PanelServer>;
}

export function isSimPanel(panel: Pick<GamePanel, 'id'>): panel is SimPanel {
  return panel.id === 'sim' && 'injectFailure' in panel;
}

/** The embedded game panel: keeps its servers in sim_panel_servers, with no daemon behind it. */
export function createSimPanel(deps: { db: Db; clock: Clock; ids: Ids }, options: SimPanelOptions): SimPanel {
  const { db, clock } = deps;
  const panelUrl = `${options.publicUrl.replace(/\/+$/, '')}/dashboard/services`;
  const timings = {
    startSeconds: options.startSeconds ?? defaultSimTimings.startSeconds,
    stopSeconds: options.stopSeconds ?? defaultSimTimings.stopSeconds,
    restoreSeconds: options.restoreSeconds ?? defaultSimTimings.restoreSeconds,
  };
  const failures: SimFailures = createSimFailures();
  const maybeFail = (step: string) => failures.maybeFail(step);
  const backups = createSimBackups({ dataDir: options.dataDir ?? './data', clock, ids: deps.ids, backupSeconds: options.backupSeconds ?? 3 });
  const files = createSimFiles({ dataDir: options.dataDir ?? './data', diskBytesPerGb: options.diskBytesPerGb });
  const typed = createSimConsoleLog();
  const pollMs = options.consolePollMs ?? 500;

  async function load(ref: Pick<PanelRef, 'panelServerId'>): Promise<SimServerRow> {
    const [row] = await db.select().from(simPanelServers).where(eq(simPanelServers.id, ref.panelServerId));
    if (!row) throw new PanelError(`no server ${ref.panelServerId}`, false, 'not_found', 404);
    return row;
  }

  /** Like the Client API's 409s: a suspended or still-installing server refuses management. */
  async function loadManageable(ref: PanelRef): Promise<SimServerRow> {
    const row = await load(ref);
    const state = simServerState(row, clock.now(), timings);
    if (state === 'suspended') throw new PanelError('the server is suspended', false, 'suspended', 409);
    if (state === 'installing') throw new PanelError('the server is still installing', false, 'not_ready', 409);
    if (state === 'restoring') throw new PanelError('the server is restoring a backup', false, 'not_ready', 409);
    return row;
  }

  function capacityOf(location: string): number {
    return options.capacityByLocation?.[location] ?? options.capacity;
  }

  function view(row: SimServerRow): PanelServer {
    return {
      panelServerId: row.id,
      identifier: row.id.slice(0, 8),
      state: simServerState(row, clock.now(), timings),
      ip: row.ip,
      port: row.port,
      panelUrl,
    };
  }

  async function byExternalId(executor: Pick<Db, 'select'>, externalId: string) {
    const [row] = await executor.select().from(simPanelServers).where(eq(simPanelServers.externalId, externalId));
    return row;
  }

  const panel: GamePanel = {
    id: 'sim',

    async hasCapacity(location) {
      const [row] = await db
        .select({ n: count() })
        .from(simPanelServers)
        .where(eq(simPanelServers.location, location));
      return (row?.n ?? 0) < capacityOf(location);
    },

    async ensureUser(input) {
      // The simulator has no accounts of its own: the panel user is named after ours.
      return `sim-user-${input.externalId}`;
    },

    async createServer(input) {
      const row = await db.transaction(async (tx) => {
        // One creation per location at a time, so two servers never get the same port or
        // squeeze past the capacity together.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sim-panel:${input.location}`}))`);
        const existing = await byExternalId(tx, input.externalId);
        if (existing) return existing;
        const [used] = await tx
          .select({ n: count() })
          .from(simPanelServers)
          .where(eq(simPanelServers.location, input.location));
        if ((used?.n ?? 0) >= capacityOf(input.location)) {
          throw new PanelError(`no capacity left in ${input.location}`, false, 'no_capacity');
        }
        const ip = simNodeIp(input.location);
        const taken = await tx.select({ port: simPanelServers.port }).from(simPanelServers).where(eq(simPanelServers.ip, ip));
        const now = clock.now();
        const failing = await takeInstallFailure(tx, now);
        const [created] = await tx
          .insert(simPanelServers)
          .values({
            id: deps.ids.uuid(),
            externalId: input.externalId,
            panelUserId: input.panelUserId,
            location: input.location,
            ip,
            port: firstFreePort(gamePort(input.game), taken.map((t) => t.port)),
            ramGb: input.ramGb,
            vcpu: input.vcpu,
            diskGb: input.diskGb,
            state: failing ? 'install_failing' : 'installing',
            installStartedAt: now,
            installSeconds: options.installSeconds,
            createdAt: now,
          })
          .returning();
        if (!created) throw new Error('sim panel: the insert returned no row');
        return created;
      });
      return view(row);
    },

    async getServer(panelServerId) {
      const [row] = await db.select().from(simPanelServers).where(eq(simPanelServers.id, panelServerId));
      if (!row) throw new PanelError(`no server ${panelServerId}`, false, 'not_found', 404);
      return view(row);
    },

    async findServer(externalId) {
      const row = await byExternalId(db, externalId);
      return row ? view(row) : null;
    },

    async deleteServer(panelServerId) {
      await db.delete(simPanelServers).where(eq(simPanelServers.id, panelServerId));
    },

    async resizeServer(panelServerId, build) {
      // Only the limits change: the row keeps its address, state and run time, and the server's
      // files and backups (DATA_DIR) are not touched.
      const [row] = await db
        .update(simPanelServers)
        .set({ ramGb: build.ramGb, vcpu: build.vcpu, diskGb: build.diskGb })
        .where(eq(simPanelServers.id, panelServerId))
        .returning({ id: simPanelServers.id });
      if (!row) throw new PanelError(`no server ${panelServerId}`, false, 'not_found', 404);
    },

    async suspendServer(panelServerId) {
      await db.update(simPanelServers).set({ suspended: 1 }).where(eq(simPanelServers.id, panelServerId));
    },

    async unsuspendServer(panelServerId) {
      // It comes back stopped, as a suspended server was stopped.
      await db.update(simPanelServers).set({ suspended: 0, state: 'offline' }).where(eq(simPanelServers.id, panelServerId));
    },

    async power(ref, signal) {
      const row = await loadManageable(ref);
      const next = simPowerTransition(simServerState(row, clock.now(), timings), signal);
      if (!next) return;
      await db.update(simPanelServers).set({ state: next, startedAt: clock.now() }).where(eq(simPanelServers.id, row.id));
    },

    async resources(ref) {
      const row = await loadManageable(ref);
      return simResources(row, clock.now(), timings, await files.usedBytes(row));
    },

    async usageHistory(ref, from, to) {
      return simUsageHistory(await load(ref), from, to, timings);
    },

    async players(ref, query) {
      const list = simPlayers(await load(ref), clock.now(), query.max, timings);
      return { online: list.length, list };
    },

    async openConsole(ref, handlers) {
      const row = await loadManageable(ref);
      for (const line of simRecentLines(row, typed.recent(row.id), clock.now(), timings)) handlers.line(line);
      let cursor = clock.now().getTime();
      let busy = false;
      let closed = false;
      const stopWatching = typed.watch(row.id, (line) => handlers.line(line));
      const timer = setInterval(() => {
        if (busy || closed) return;
        busy = true;
        load(ref)
          .then((current) => {
            const now = clock.now().getTime();
            for (const l of simScript(current, timings)) {
              if (l.at > cursor && l.at <= now && !closed) handlers.line({ line: l.text, at: new Date(l.at) });
            }
            cursor = Math.max(cursor, now);
          })
          .catch((error: unknown) => {
            if (error instanceof PanelError && error.code === 'not_found') {
              session.close();
              handlers.closed('The server no longer exists.');
            }
          })
          .finally(() => (busy = false));
      }, pollMs);
      timer.unref();
      const session = {
        close() {
          closed = true;
          clearInterval(timer);
          stopWatching();
        },
      };
      return session;
    },

    async sendCommand(ref, command) {
      const row = await loadManageable(ref);
      const state = simServerState(row, clock.now(), timings);
      if (state !== 'online' && state !== 'starting') throw new PanelError('the server is not running', false, 'server_offline', 409);
      const at = clock.now();
      typed.append(row.id, [`> ${command}`, ...simCommandAnswer(command)].map((line) => ({ line, at })));
    },

    async listBackups(ref) {
      return backups.list(ref.panelServerId);
    },

    async createBackup(ref, input) {
      const row = await loadManageable(ref);
      return backups.create(row, input, (dest) => files.snapshot(row, dest));
    },

    async deleteBackup(ref, backupId) {
      await backups.remove(ref.panelServerId, backupId);
    },

    async backupDownload(ref, backupId) {
      return backups.download(ref.panelServerId, backupId);
    },

    async restoreBackup(ref, backupId) {
      const row = await loadManageable(ref);
      if (simServerState(row, clock.now(), timings) === 'install_failed') {
        // As Pterodactyl: a backup is restored only on an installed server; reinstall first.
        throw new PanelError('the server is not installed: reinstall it before restoring a backup', false, 'not_ready', 400);
      }
      const archive = await backups.archiveOf(row.id, backupId);
      // The panel stops the server, then writes the backup's files over an emptied folder.
      await files.replaceAll(row, archive);
      await db.update(simPanelServers).set({ state: 'restoring', startedAt: clock.now() }).where(eq(simPanelServers.id, row.id));
    },

    async reinstall(ref, software) {
      const row = await loadManageable(ref);
      const failing = failures.take('reinstall.install');
      // The install runs over the existing folder: the software's files are replaced, the rest kept.
      if (!failing) await files.install(row, simSoftwareFiles(software));
      await db
        .update(simPanelServers)
        .set({
          state: failing ? 'reinstall_failing' : 'reinstalling',
          startedAt: clock.now(),
          ...(failing ? {} : { software: software.software, softwareVersion: software.version }),
        })
        .where(eq(simPanelServers.id, row.id));
    },

    async copyBackup(from, backupId, to) {
      maybeFail('copyBackup');
      const source = await load(from);
      const target = await load(to);
      // The backup's files replace the new server's, as a restore does; the archive is kept with it.
      await files.replaceAll(target, await backups.archiveOf(source.id, backupId));
      await backups.copy(source.id, backupId, target.id);
    },

    async listFiles(ref, dir) {
      return files.list(await loadManageable(ref), dir);
    },

    async readFile(ref, path, maxBytes) {
      return files.read(await loadManageable(ref), path, maxBytes);
    },

    async writeFile(ref, path, content) {
      await files.write(await loadManageable(ref), path, content);
    },

    async renameFile(ref, path, newName) {
      await files.rename(await loadManageable(ref), path, newName);
    },

    async deleteFiles(ref, paths) {
      await files.remove(await loadManageable(ref), paths);
    },

    async createFolder(ref, dir, name) {
      await files.mkdir(await loadManageable(ref), dir, name);
    },

    async uploadFile(ref, dir, name, body, maxBytes) {
      await files.upload(await loadManageable(ref), dir, name, body, maxBytes);
    },

    async fileDownload(ref, path) {
      return files.download(await loadManageable(ref), path);
    },

    async sftpDetails(ref, who) {
      // Shown as a real panel would (node address, port 2022, user.server); the simulator runs no SFTP daemon.
      const row = await load(ref);
      const local = (who.username ?? who.email.split('@')[0] ?? 'user').toLowerCase().replace(/[^a-z0-9_.-]+/g, '') || 'user';
      return { host: row.ip, port: 2022, username: `${local}.${view(row).identifier}` };
    },

    async listUsers() {
      // The simulator's users are the accounts it created servers for.
      const rows = await db
        .select({ panelUserId: panelAccounts.panelUserId, userId: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
        .from(panelAccounts)
        .innerJoin(users, eq(users.id, panelAccounts.userId))
        .where(like(panelAccounts.panelUserId, 'sim-user-%'));
      return rows.map((r) => ({ id: r.panelUserId, externalId: r.userId, email: r.email, firstName: r.firstName, lastName: r.lastName }));
    },

    async listServers() {
      return listSimServers(db, panelUrl, (row) => simServerState(row, clock.now(), timings) === 'suspended');
    },

    async listNodes() {
      // One node per location of the catalog, sized by SIM_PANEL_CAPACITY, named after it as a
      // host names its nodes: the public status page shows the name (no English words added to it).
      const rows = await db.select().from(locations).orderBy(locations.sort);
      return rows.map((l) => ({
        id: `sim-node-${l.value}`,
        name: l.label,
        location: l.value,
        panelLocation: l.value,
        fqdn: simNodeIp(l.value),
        memoryMb: capacityOf(l.value) * 16 * 1024,
        diskMb: capacityOf(l.value) * 200 * 1024,
        serverLimit: capacityOf(l.value),
        maintenance: false,
      }));
    },
  };

  // Every panel method first fails if a test asked it to (injectFailure), before it changes anything.
  const wrapped = Object.fromEntries(
    Object.entries(panel).map(([name, value]) =>
      typeof value === 'function'
        ? [
            name,
            (...args: unknown[]) => {
              try {
                maybeFail(name);
              } catch (error) {
                return Promise.reject(error);
              }
              return (value as (...a: unknown[]) => unknown)(...args);
            },
          ]
        : [name, value],
    ),
  ) as unknown as GamePanel;
  return {
    ...wrapped,
    id: 'sim',
    injectFailure: (step, times, failureOptions) => failures.inject(step, times, failureOptions),
    clearFailures: () => failures.clear(),
    addExistingServer: async (input) => view(await addSimExistingServer(deps, input)),
  };
}
