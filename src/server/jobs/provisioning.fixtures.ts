import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { activityLog, orders, purchases, servers, type ServerStatus } from '../db/schema';
import type { GamePanel } from '../integrations/panel/game-panel';
import type { EventBus } from '../lib/events';
import { randomIds, type Clock } from '../lib/runtime';
import { provisionServer } from './provision-server';

/** Test helpers: a paid server order as fulfilment leaves it, without going through checkout. */
export interface PaidServer {
  serverId: string;
  orderId: string;
}

export async function insertPaidServer(
  db: Db,
  userId: string,
  options: {
    location?: string;
    game?: string;
    name?: string;
    status?: ServerStatus;
    createdAt?: Date;
    addons?: Record<string, number>;
    ramGb?: number;
  } = {},
): Promise<PaidServer> {
  const orderId = randomUUID();
  const serverId = randomUUID();
  const now = options.createdAt ?? new Date();
  const location = options.location ?? 'us-west';
  const game = options.game ?? 'minecraft';
  await db.insert(orders).values({
    id: orderId,
    userId,
    kind: 'server',
    status: 'paid',
    game,
    planId: `${game}-4gb`,
    period: 'monthly',
    months: 1,
    location,
    addons: options.addons ?? {},
    serverName: options.name ?? 'Creeper Valley',
    planName: 'Minecraft 4GB',
    lines: [{ description: 'Minecraft 4GB', quantity: 1, unitCents: 1400, amountCents: 1400 }],
    subtotalCents: 1400,
    totalCents: 1400,
    netCents: 1400,
    grossCents: 1400,
    provider: 'local',
    createdAt: now,
    expiresAt: new Date(now.getTime() + 86_400_000),
    paidAt: now,
  });
  await db.insert(purchases).values({
    id: randomUUID(),
    userId,
    orderId,
    planName: 'Minecraft 4GB',
    amountCents: 1400,
    status: 'paid',
    provider: 'local',
    providerPaymentId: `ch_${orderId.slice(0, 8)}`,
    createdAt: now,
  });
  await db.insert(servers).values({
    id: serverId,
    userId,
    orderId,
    name: options.name ?? 'Creeper Valley',
    game,
    planId: `${game}-4gb`,
    planName: 'Minecraft 4GB',
    ramGb: options.ramGb ?? 4,
    vcpu: 2,
    diskGb: 40,
    playerCap: 10,
    location,
    addons: options.addons ?? {},
    status: options.status ?? 'provisioning',
    period: 'monthly',
    renewsAt: new Date(now.getTime() + 30 * 86_400_000),
    createdAt: now,
    updatedAt: now,
  });
  return { serverId, orderId };
}

export async function serverRow(db: Db, serverId: string) {
  const [row] = await db.select().from(servers).where(eq(servers.id, serverId));
  if (!row) throw new Error(`no server ${serverId}`);
  return row;
}

export async function activityMessages(db: Db, userId: string): Promise<string[]> {
  const rows = await db.select().from(activityLog).where(eq(activityLog.userId, userId));
  return rows.map((r) => r.message);
}

/** Polls `check` until it answers true; the queue runs on real time, so tests wait (briefly). */
export async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Takes a paid server through the real provisioning step on `panel` (the app's) until it is online.
 * A panel that installs in the background (the fake Pterodactyl) is told to finish by
 * `finishInstall` between the step that creates the server and the one that sees it installed.
 * With the simulated panel, set SIM_PANEL_INSTALL_SECONDS=0 (or move the clock past the install).
 */
export async function provisionUntilOnline(
  deps: { db: Db; clock: Clock; panel: GamePanel; events: EventBus },
  serverId: string,
  finishInstall?: (serverId: string) => void,
) {
  const provisionDeps = {
    ...deps,
    ids: randomIds,
    log: { info: () => {}, warn: () => {}, error: () => {} },
    refundOrder: async () => {},
    installTimeoutMs: 3_600_000,
  };
  await provisionServer(provisionDeps, serverId, { last: false });
  if (finishInstall) {
    finishInstall(serverId);
    await provisionServer(provisionDeps, serverId, { last: false });
  }
  const row = await serverRow(deps.db, serverId);
  if (row.status !== 'online') throw new Error(`provisionUntilOnline: the server is ${row.status}, not online`);
  return row;
}

/** A paid server (insertPaidServer) taken through provisioning until it is online. */
export async function provisionOnlineServer(
  deps: { db: Db; clock: Clock; panel: GamePanel; events: EventBus },
  userId: string,
  options: Parameters<typeof insertPaidServer>[2] & { finishInstall?: (serverId: string) => void } = {},
): Promise<PaidServer> {
  const { finishInstall, ...paidOptions } = options;
  const paid = await insertPaidServer(deps.db, userId, { ...paidOptions, createdAt: paidOptions.createdAt ?? deps.clock.now() });
  await provisionUntilOnline(deps, paid.serverId, finishInstall);
  return paid;
}
