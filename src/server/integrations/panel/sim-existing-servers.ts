import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { simPanelServers, users } from '../../db/schema';
import type { Clock, Ids } from '../../lib/runtime';
import type { PanelListedServer } from './game-panel';
import { firstFreePort, gamePort, simNodeIp } from './sim-network';
import type { SimServerRow } from './sim-power';

/** A server a host had on the simulated panel before this shop: made there, not by a checkout. */
export interface SimExistingServerInput {
  /** Our account the server belongs to on the panel (the simulator's panel users are named after ours). */
  ownerUserId: string;
  name: string;
  game: string;
  location: string;
  ramGb: number;
  vcpu: number;
  diskGb: number;
}

/**
 * Every server on the simulated panel, as a real panel's server list has it: the owner's panel
 * user and email, limits and address. The simulator has no names of its own, so a server we made
 * is named after its external id (our server id).
 */
export async function listSimServers(db: Db, panelUrl: string, isSuspended: (row: SimServerRow) => boolean): Promise<PanelListedServer[]> {
  const rows = await db
    .select({ server: simPanelServers, email: users.email })
    .from(simPanelServers)
    .leftJoin(users, sql`'sim-user-' || ${users.id}::text = ${simPanelServers.panelUserId}`)
    .orderBy(simPanelServers.createdAt, simPanelServers.id);
  return rows.map(({ server, email }) => ({
    panelServerId: server.id,
    identifier: server.id.slice(0, 8),
    name: server.name ?? server.externalId,
    externalId: server.name ? null : server.externalId,
    ownerPanelUserId: server.panelUserId,
    ownerEmail: email,
    nodeId: `sim-node-${server.location}`,
    location: server.location,
    memoryMb: server.ramGb * 1024,
    diskMb: server.diskGb * 1024,
    cpuPercent: Math.round(server.vcpu * 100),
    ip: server.ip,
    port: server.port,
    suspended: isSuspended(server),
    panelUrl,
  }));
}

/**
 * Puts a server on the simulated panel as the host's own admin would have, already installed and
 * running (the staff console's "existing server" for demos and journeys; real panels have theirs).
 */
export async function addSimExistingServer(deps: { db: Db; clock: Clock; ids: Ids }, input: SimExistingServerInput): Promise<SimServerRow> {
  return deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sim-panel:${input.location}`}))`);
    const ip = simNodeIp(input.location);
    const taken = await tx.select({ port: simPanelServers.port }).from(simPanelServers).where(eq(simPanelServers.ip, ip));
    const now = deps.clock.now();
    const id = deps.ids.uuid();
    const [created] = await tx
      .insert(simPanelServers)
      .values({
        id,
        // Made on the panel, not by us: the external id only has to be unique.
        externalId: `panel-${id}`,
        name: input.name,
        panelUserId: `sim-user-${input.ownerUserId}`,
        location: input.location,
        ip,
        port: firstFreePort(gamePort(input.game), taken.map((t) => t.port)),
        ramGb: input.ramGb,
        vcpu: input.vcpu,
        diskGb: input.diskGb,
        state: 'installing',
        installStartedAt: now,
        installSeconds: 0,
        createdAt: now,
      })
      .returning();
    if (!created) throw new Error('sim panel: the insert returned no row');
    return created;
  });
}
