import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { contentPageVersions } from '../../db/schema';
import { nextVersionNumber } from '../../lib/versions';

export type ContentVersionRow = typeof contentPageVersions.$inferSelect;

/** Every saved version of one page in one language, newest first. */
export async function versionRows(db: Executor, slug: string, language: string): Promise<ContentVersionRow[]> {
  return db
    .select()
    .from(contentPageVersions)
    .where(and(eq(contentPageVersions.slug, slug), eq(contentPageVersions.language, language)))
    .orderBy(desc(contentPageVersions.version));
}

/** The newest version of every page in every language. */
export async function latestRows(db: Executor): Promise<ContentVersionRow[]> {
  return db
    .selectDistinctOn([contentPageVersions.slug, contentPageVersions.language])
    .from(contentPageVersions)
    .orderBy(contentPageVersions.slug, contentPageVersions.language, desc(contentPageVersions.version));
}

export async function insertVersion(db: Executor, row: Omit<ContentVersionRow, 'version'>): Promise<ContentVersionRow> {
  const version = await nextVersionNumber(
    db,
    contentPageVersions,
    contentPageVersions.version,
    and(eq(contentPageVersions.slug, row.slug), eq(contentPageVersions.language, row.language)),
  );
  const [inserted] = await db
    .insert(contentPageVersions)
    .values({ ...row, version })
    .returning();
  return inserted!;
}
