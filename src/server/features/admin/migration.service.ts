import { count, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { serverActionErrors, type MigrationResult, type MigrationStatus } from '../../../shared/schemas/servers';
import type { Db } from '../../db/client';
import { panelAccounts, panelNodes, servers, users } from '../../db/schema';
import { PanelError, type GamePanel, type PanelNode } from '../../integrations/panel/game-panel';
import type { Logger } from '../../lib/logger';
import { HttpError } from '../../lib/errors';
import type { Clock, Ids } from '../../lib/runtime';
import { findUserByEmail, findUserById, insertUser, updateUser } from '../auth';

export interface MigrationDeps {
  db: Db;
  clock: Clock;
  ids: Ids;
  panel: GamePanel;
  log: Logger;
}

/**
 * Not an argon2 hash, so no password ever matches it: an imported account signs in only after
 * a password reset (which also verifies the address).
 */
export const IMPORTED_PASSWORD_HASH = '!imported-from-panel';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const email = z.email();

async function fromPanel<T>(deps: MigrationDeps, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof PanelError)) throw error;
    deps.log.warn({ err: error }, 'migration: the game panel call failed');
    throw new HttpError(503, 'panel_unavailable', serverActionErrors.panel_unavailable);
  }
}

/** Profiles and servers here, users and nodes on the configured panel. */
export async function migrationStatus(deps: MigrationDeps): Promise<MigrationStatus> {
  const [[profiles], [hosted], panelUsers, nodes] = await Promise.all([
    deps.db.select({ n: count() }).from(users),
    deps.db.select({ n: count() }).from(servers),
    fromPanel(deps, () => deps.panel.listUsers()),
    fromPanel(deps, () => deps.panel.listNodes()),
  ]);
  return {
    profilesMigrated: profiles?.n ?? 0,
    serversMigrated: hosted?.n ?? 0,
    panelUsers: panelUsers.length,
    panelNodes: nodes.length,
  };
}

/** The account for a panel user: by our id (its external_id), then by email, else a new one. */
async function accountFor(deps: MigrationDeps, panelUser: { externalId: string | null; email: string; firstName: string; lastName: string }) {
  if (panelUser.externalId && UUID.test(panelUser.externalId)) {
    const byId = await findUserById(deps.db, panelUser.externalId);
    if (byId) return { id: byId.id, created: false };
  }
  const address = panelUser.email.trim().toLowerCase();
  const existing = await findUserByEmail(deps.db, address);
  if (existing) return { id: existing.id, created: false };
  const now = deps.clock.now();
  const created = await insertUser(deps.db, { id: deps.ids.uuid(), email: address, passwordHash: IMPORTED_PASSWORD_HASH, at: now });
  if (!created) {
    // Signed up a moment ago.
    const raced = await findUserByEmail(deps.db, address);
    return raced ? { id: raced.id, created: false } : null;
  }
  await updateUser(deps.db, created.id, { firstName: panelUser.firstName.slice(0, 100), lastName: panelUser.lastName.slice(0, 100), updatedAt: now });
  return { id: created.id, created: true };
}

async function importNodes(deps: MigrationDeps, nodes: PanelNode[]): Promise<number> {
  if (nodes.length === 0) return 0;
  const known = await deps.db
    .select({ id: panelNodes.panelNodeId })
    .from(panelNodes)
    .where(inArray(panelNodes.panelNodeId, nodes.map((n) => n.id)));
  const before = new Set(known.map((k) => k.id));
  const now = deps.clock.now();
  for (const node of nodes) {
    const values = {
      name: node.name,
      location: node.location,
      panelLocation: node.panelLocation,
      fqdn: node.fqdn,
      memoryMb: node.memoryMb,
      diskMb: node.diskMb,
      serverLimit: node.serverLimit,
      maintenance: node.maintenance,
      updatedAt: now,
    };
    await deps.db
      .insert(panelNodes)
      .values({ id: deps.ids.uuid(), panel: deps.panel.id, panelNodeId: node.id, importedAt: now, ...values })
      .onConflictDoUpdate({ target: [panelNodes.panel, panelNodes.panelNodeId], set: values });
  }
  return nodes.filter((n) => !before.has(n.id)).length;
}

/**
 * Imports the panel's users as accounts (matched by our id or email, never given a role) and
 * links each to its panel user; imports its nodes into panel_nodes. Idempotent: a second run
 * imports nothing new and answers zeros.
 */
export async function runMigration(deps: MigrationDeps): Promise<MigrationResult> {
  const [panelUsers, nodes] = await Promise.all([
    fromPanel(deps, () => deps.panel.listUsers()),
    fromPanel(deps, () => deps.panel.listNodes()),
  ]);
  let imported = 0;
  let skipped = 0;
  for (const panelUser of panelUsers) {
    if (!email.safeParse(panelUser.email.trim().toLowerCase()).success) {
      skipped += 1;
      continue;
    }
    const account = await accountFor(deps, panelUser);
    if (!account) continue;
    if (account.created) imported += 1;
    await deps.db
      .insert(panelAccounts)
      .values({ userId: account.id, panelUserId: panelUser.id, createdAt: deps.clock.now() })
      .onConflictDoUpdate({ target: panelAccounts.userId, set: { panelUserId: panelUser.id } });
  }
  const newNodes = await importNodes(deps, nodes);
  deps.log.info({ panel: deps.panel.id, users: imported, skipped, nodes: newNodes }, 'panel migration ran');
  return { migrated: { users: imported, nodes: newNodes } };
}
