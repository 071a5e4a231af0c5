import { storeCurrencies } from '../../../lib/shop-currency';
import { minimumChargeWarnings, priceListProblems } from '../../../../shared/price-lists';
import { essentialsSlug } from '../../../../shared/catalog';
import type { CatalogDraft } from '../../../../shared/catalog-draft';
import { catalogProblems, diffCatalog, type CatalogChangeLine } from '../../../../shared/catalog-rules';
import type {
  AdminCatalog,
  CatalogPreview,
  CatalogVersionList,
  SaveCatalogInput,
  SaveCatalogResult,
} from '../../../../shared/schemas/admin/catalog';
import { catalogVersions } from '../../../db/schema';
import { badRequest, HttpError } from '../../../lib/errors';
import { latestVersion, announceCatalogSaved, runningServicesWithPrice, announcePriceChanges, servicePrice, type PriceChangeDeps } from '../../catalog';
import { priceBeforeCoupon } from '../../coupons';
import { audited, type StaffActor } from '../../../lib/audit';
import { catalogUsage, listVersions, lockCatalog } from './catalog.repository';
import { checkPanel, type PanelCheckDeps } from './catalog-panel';

export type CatalogAdminDeps = PriceChangeDeps & PanelCheckDeps;

async function current(deps: CatalogAdminDeps) {
  const row = await latestVersion(deps.db);
  if (!row) throw new HttpError(503, 'catalog_missing', 'The catalog has not been set up yet. Restart the server to seed it.');
  return row;
}

export async function getAdminCatalog(deps: CatalogAdminDeps): Promise<AdminCatalog> {
  const [row, usage, currencies] = await Promise.all([current(deps), catalogUsage(deps.db), storeCurrencies(deps.db)]);
  return {
    currencies,
    version: row.version,
    savedAt: row.createdAt.toISOString(),
    savedBy: row.createdByEmail,
    note: row.note,
    catalog: row.catalog,
    usage,
    essentialsSlug: essentialsSlug(deps.brand),
  };
}

export async function listCatalogVersions(deps: CatalogAdminDeps): Promise<CatalogVersionList> {
  const rows = await listVersions(deps.db, 50);
  return {
    items: rows.map((r) => ({ version: r.version, savedAt: r.createdAt.toISOString(), savedBy: r.createdByEmail, note: r.note })),
  };
}

/** Refuses a catalog that cannot be sold, naming each field, before anything is written. */
function check(draft: CatalogDraft, previous: CatalogDraft, shop: string, extras: string[]) {
  const problems = { ...catalogProblems(draft, previous), ...priceListProblems(draft, shop, extras, previous) };
  const first = Object.values(problems)[0];
  if (first) throw badRequest(Object.keys(problems).length === 1 ? first : `${first} (and ${Object.keys(problems).length - 1} more)`, problems);
}

function changesOrRefuse(before: CatalogDraft, after: CatalogDraft, currency: string): CatalogChangeLine[] {
  const changes = diffCatalog(before, after, currency);
  if (changes.length === 0) throw badRequest('Nothing has changed since the version you opened.');
  return changes;
}

function stale(base: number, latest: number) {
  return new HttpError(
    409,
    'catalog_changed',
    `Someone saved version ${latest} of the catalog after you opened version ${base}. Reload to see their changes, then make yours again.`,
  );
}

/** What a save would change, and how many running services would get a price notice. */
export async function previewCatalog(deps: CatalogAdminDeps, input: SaveCatalogInput): Promise<CatalogPreview> {
  const latest = await current(deps);
  if (latest.version !== input.baseVersion) throw stale(input.baseVersion, latest.version);
  const { shop, extras } = await storeCurrencies(deps.db);
  check(input.catalog, latest.catalog, shop, extras);
  const changes = changesOrRefuse(latest.catalog, input.catalog, shop);
  await checkPanel(deps, input.catalog, latest.catalog);
  let increases = 0;
  let decreases = 0;
  for (const row of await runningServicesWithPrice(deps.db)) {
    const priced = servicePrice(input.catalog, deps.brand, row.server, shop);
    if (!priced) continue;
    const currentCents = row.appliedCents ?? priceBeforeCoupon(row.order);
    if (priced.totalCents > currentCents) increases += 1;
    else if (priced.totalCents < currentCents) decreases += 1;
  }
  return { changes, warnings: minimumChargeWarnings(input.catalog, shop), increases, decreases };
}

/**
 * Saves the edited catalog as the next version, with the audit record in the same transaction;
 * refused when another version was saved since the editor opened. Then every instance serves it
 * within a second, and running services whose price moves get their notice.
 */
export async function saveCatalog(deps: CatalogAdminDeps, actor: StaffActor, input: SaveCatalogInput): Promise<SaveCatalogResult> {
  // The panel is asked before the transaction, so no lock is held while it answers.
  const opened = await current(deps);
  if (opened.version === input.baseVersion) await checkPanel(deps, input.catalog, opened.catalog);
  const saved = await audited(deps, actor, async (tx) => {
    await lockCatalog(tx);
    const latest = await latestVersion(tx);
    if (!latest) throw new HttpError(503, 'catalog_missing', 'The catalog has not been set up yet. Restart the server to seed it.');
    if (latest.version !== input.baseVersion) throw stale(input.baseVersion, latest.version);
    const { shop, extras } = await storeCurrencies(tx);
    check(input.catalog, latest.catalog, shop, extras);
    const changes = changesOrRefuse(latest.catalog, input.catalog, shop);
    const version = latest.version + 1;
    await tx.insert(catalogVersions).values({
      version,
      catalog: input.catalog,
      note: input.reason,
      createdBy: actor.id,
      createdByEmail: actor.email,
      createdAt: deps.clock.now(),
    });
    const shown = (c: CatalogChangeLine) => (c.what === 'hidden' || c.what === 'shown' ? c.what : c.after);
    const before = Object.fromEntries([['version', String(latest.version)], ...changes.map((c) => [`${c.label} · ${c.what}`, c.before])]);
    const after = Object.fromEntries([['version', String(version)], ...changes.map((c) => [`${c.label} · ${c.what}`, shown(c)])]);
    return {
      result: { version, changes, warnings: minimumChargeWarnings(input.catalog, shop) },
      audit: {
        action: 'catalog.saved',
        targetType: 'catalog',
        targetId: String(version),
        targetLabel: `Catalog version ${version}`,
        before,
        after,
        reason: input.reason,
      },
    };
  });
  announceCatalogSaved(deps.db);
  const review = await announcePriceChanges(deps);
  return { version: saved.version, changes: saved.changes, warnings: saved.warnings, increases: review.increases, decreases: review.decreases, withdrawn: review.withdrawn };
}
