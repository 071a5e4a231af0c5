import { eq, sql } from 'drizzle-orm';
import type { BrandAssetKind } from '../../../shared/brand';
import type { Executor } from '../../db/client';
import { brandAssets, brandSettings } from '../../db/schema';

export type BrandSettingsRow = typeof brandSettings.$inferSelect;
export type BrandAssetRow = typeof brandAssets.$inferSelect;

/** The saved row, or one with nothing saved yet (version 0). */
export async function settingsRow(db: Executor, forUpdate = false): Promise<BrandSettingsRow> {
  const query = db.select().from(brandSettings).where(eq(brandSettings.id, 1));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row ?? { id: 1, brand: null, rules: null, version: 0, updatedAt: null, updatedBy: null };
}

/** Hashes and types of the uploads, without their bytes. */
export async function assetStamps(db: Executor): Promise<Pick<BrandAssetRow, 'kind' | 'sha256' | 'contentType'>[]> {
  return db.select({ kind: brandAssets.kind, sha256: brandAssets.sha256, contentType: brandAssets.contentType }).from(brandAssets);
}

export async function findAsset(db: Executor, kind: BrandAssetKind): Promise<BrandAssetRow | undefined> {
  const [row] = await db.select().from(brandAssets).where(eq(brandAssets.kind, kind));
  return row;
}

/** Writes one part of the settings row and bumps its version, so every instance reloads. */
export async function writeSettings(
  tx: Executor,
  values: Partial<Pick<BrandSettingsRow, 'brand' | 'rules'>> & { updatedAt: Date; updatedBy: string | null },
): Promise<BrandSettingsRow> {
  const [row] = await tx
    .insert(brandSettings)
    .values({ id: 1, version: 1, ...values })
    .onConflictDoUpdate({ target: brandSettings.id, set: { ...values, version: sql`${brandSettings.version} + 1` } })
    .returning();
  return row!;
}

export async function putAsset(tx: Executor, row: BrandAssetRow): Promise<void> {
  const { kind: _kind, ...rest } = row;
  await tx.insert(brandAssets).values(row).onConflictDoUpdate({ target: brandAssets.kind, set: rest });
}

export async function deleteAsset(tx: Executor, kind: BrandAssetKind): Promise<BrandAssetRow | undefined> {
  const [row] = await tx.delete(brandAssets).where(eq(brandAssets.kind, kind)).returning();
  return row;
}
