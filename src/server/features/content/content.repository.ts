import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { contentPageVersions } from '../../db/schema';

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
  // Two saves at once compute the same number: the primary key refuses the second, so no edit is lost silently.
  const [next] = await db
    .select({ version: sql<number>`coalesce(max(${contentPageVersions.version}), 0) + 1` })
    .from(contentPageVersions)
    .where(and(eq(contentPageVersions.slug, row.slug), eq(contentPageVersions.language, row.language)));
  const [inserted] = await db
    .insert(contentPageVersions)
    .values({ ...row, version: Number(next!.version) })
    .returning();
  return inserted!;
}
