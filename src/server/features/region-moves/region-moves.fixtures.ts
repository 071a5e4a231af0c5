import { eq } from 'drizzle-orm';
import type { CatalogDraft } from '../../../shared/catalog-draft';
import { catalogVersions, regionMoves, simPanelServers } from '../../db/schema';
import { provisionUntilOnline } from '../../jobs/provisioning.fixtures';
import type { Clock } from '../../lib/runtime';
import { createSignedInUser, type TestContext } from '../../test/test-app';
import { buyWithLocalCard } from '../billing/billing.fixtures';
import { latestVersion } from '../catalog/catalog.repository';
import { minecraftChoice } from '../checkout/checkout.fixtures';
import { runMove } from './region-move-run';

/** A customer with a Minecraft 4GB server (US West unless told) bought through the built-in checkout and online on the simulated panel. */
export async function customerWithServer(
  t: TestContext,
  clock: { set(at: Date): void } & Clock,
  options: { location?: string; saveCard?: boolean; at?: string } = {},
) {
  clock.set(new Date(options.at ?? '2030-01-15T12:00:00Z'));
  const user = await createSignedInUser(t);
  const bought = await buyWithLocalCard(t, user.cookie, {
    choice: { ...minecraftChoice, location: options.location ?? 'us-west' },
    card: { saveCard: options.saveCard ?? true },
  });
  const server = await provisionUntilOnline({ db: t.database.db, clock, panel: t.app.panel, events: t.app.events }, bought.server!.id);
  return { user, serverId: server.id, server };
}

/** Runs the move's job as the worker would, moving the clock on while it waits on the panel, until it ends. */
export async function driveMove(t: TestContext, clock: { advance(ms: number): void }, moveId: string, options: { last?: boolean } = {}) {
  for (let i = 0; i < 60; i += 1) {
    const outcome = await runMove(t.app.regionMoves, moveId, { last: options.last ?? true });
    if (!outcome.wait) return moveOf(t, moveId);
    clock.advance(2_000);
  }
  throw new Error('the move never ended');
}

export async function moveOf(t: TestContext, moveId: string) {
  const [row] = await t.database.db.select().from(regionMoves).where(eq(regionMoves.id, moveId));
  if (!row) throw new Error(`no move ${moveId}`);
  return row;
}

export async function simRow(t: TestContext, panelServerId: string) {
  const [row] = await t.database.db.select().from(simPanelServers).where(eq(simPanelServers.id, panelServerId));
  return row ?? null;
}

/** Saves a catalog version where a location costs `monthlyCents` more a month. */
export async function priceLocation(t: TestContext, at: Date, location: string, monthlyCents: number) {
  const latest = (await latestVersion(t.database.db))!;
  const catalog: CatalogDraft = structuredClone(latest.catalog);
  for (const l of catalog.locations) if (l.value === location) l.monthlyCents = monthlyCents;
  await t.database.db.insert(catalogVersions).values({ version: latest.version + 1, catalog, createdAt: at });
  t.app.catalog.invalidate();
}
