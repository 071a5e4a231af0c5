import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client';

/**
 * The next number in a numbered history (a page's versions, an article's): one more than the
 * highest under `where`. Two saves at once compute the same number and the history's primary key
 * refuses the second, so no edit is lost silently; callers answer that with a 409.
 */
export async function nextVersionNumber(db: Executor, table: PgTable, version: PgColumn, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ next: sql<number>`coalesce(max(${version}), 0) + 1` })
    .from(table)
    .where(where);
  return Number(row!.next);
}
