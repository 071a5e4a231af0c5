import { count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { simPanelServers } from '../../db/schema';
import type { Clock, Ids } from '../../lib/runtime';
import { PanelError, type GamePanel, type PanelServer, type PanelServerState } from './game-panel';
import { firstFreePort, gamePort, simNodeIp } from './sim-network';

export interface SimPanelOptions {
  /** Seconds a new server takes to install (SIM_PANEL_INSTALL_SECONDS). */
  installSeconds: number;
  /** Servers per location (SIM_PANEL_CAPACITY). */
  capacity: number;
  /** Per-location overrides (SIM_PANEL_CAPACITY_BY_LOCATION). */
  capacityByLocation?: Record<string, number>;
  /** Where the customer manages the server: the product's own dashboard, as there is no external panel. */
  publicUrl: string;
}

export type SimServerRow = typeof simPanelServers.$inferSelect;

/**
 * A server's state at `now`. Nothing runs in the background: the install finishes when its time
 * is up, computed from install_started_at and the injected clock, so tests move time instead of
 * sleeping. Power transitions (issue 5) follow the same rule, with the stored `state` as the
 * last settled state.
 */
export function simServerState(row: SimServerRow, now: Date): PanelServerState {
  if (row.suspended) return 'suspended';
  if (row.state === 'installing') {
    const done = row.installStartedAt.getTime() + row.installSeconds * 1000;
    return now.getTime() >= done ? 'online' : 'installing';
  }
  return row.state as PanelServerState;
}

/** The embedded game panel: keeps its servers in sim_panel_servers, with no daemon behind it. */
export function createSimPanel(deps: { db: Db; clock: Clock; ids: Ids }, options: SimPanelOptions): GamePanel {
  const { db, clock } = deps;
  const panelUrl = `${options.publicUrl.replace(/\/+$/, '')}/dashboard/services`;

  function capacityOf(location: string): number {
    return options.capacityByLocation?.[location] ?? options.capacity;
  }

  function view(row: SimServerRow): PanelServer {
    return {
      panelServerId: row.id,
      identifier: row.id.slice(0, 8),
      state: simServerState(row, clock.now()),
      ip: row.ip,
      port: row.port,
      panelUrl,
    };
  }

  async function byExternalId(executor: Pick<Db, 'select'>, externalId: string) {
    const [row] = await executor.select().from(simPanelServers).where(eq(simPanelServers.externalId, externalId));
    return row;
  }

  return {
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
            state: 'installing',
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
  };
}
