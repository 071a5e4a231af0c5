import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { simPanelSettings } from '../../db/schema';

/** How many of the next servers the simulated panel creates will fail their install. */
export const FAIL_NEXT_INSTALLS = 'fail_next_installs';

function asCount(value: unknown): number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : 0;
}

export async function failNextInstalls(db: Pick<Db, 'select'>): Promise<number> {
  const [row] = await db.select().from(simPanelSettings).where(eq(simPanelSettings.key, FAIL_NEXT_INSTALLS));
  return asCount(row?.value);
}

export async function setFailNextInstalls(db: Pick<Db, 'insert'>, count: number, at: Date): Promise<void> {
  await db
    .insert(simPanelSettings)
    .values({ key: FAIL_NEXT_INSTALLS, value: count, updatedAt: at })
    .onConflictDoUpdate({ target: simPanelSettings.key, set: { value: count, updatedAt: at } });
}

/**
 * Takes one failure off the count, if any is left; answers whether this install should fail.
 * A single conditional update, so two creations at once never both take the last one.
 */
export async function takeInstallFailure(db: Pick<Db, 'update'>, at: Date): Promise<boolean> {
  const rows = await db
    .update(simPanelSettings)
    .set({ value: sql`to_jsonb((${simPanelSettings.value} #>> '{}')::int - 1)`, updatedAt: at })
    .where(
      and(
        eq(simPanelSettings.key, FAIL_NEXT_INSTALLS),
        sql`jsonb_typeof(${simPanelSettings.value}) = 'number'`,
        sql`(${simPanelSettings.value} #>> '{}')::int > 0`,
      ),
    )
    .returning({ key: simPanelSettings.key });
  return rows.length > 0;
}
