import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';

/**
 * Whether the user has priority support at `now` (decision 058), read where it is sold, so it
 * starts and stops with the sale: a live server carrying an add-on whose delivery at the
 * server's catalog version is 'priority-support', or a paid pack with it within the months paid.
 * A refunded pack order is no longer 'paid', a cancelled server no longer counts.
 */
export function prioritySupportOf(userId: AnyPgColumn | SQL, now: Date): SQL<boolean> {
  const at = now.toISOString();
  return sql<boolean>`(exists (
      select 1 from servers s
      join catalog_versions cv on cv.version = s.catalog_version
      cross join lateral jsonb_array_elements(cv.catalog->'addons') as a(item)
      where s.user_id = ${userId} and s.deleted_at is null and s.status not in ('cancelled', 'failed')
        and a.item->'delivery'->>'type' = 'priority-support'
        and coalesce((s.addons->>(a.item->>'key'))::int, 0) > 0
    ) or exists (
      select 1 from orders o
      join catalog_versions cv on cv.version = o.catalog_version
      cross join lateral jsonb_array_elements(cv.catalog->'packs') as p(item)
      where o.user_id = ${userId} and o.kind = 'pack' and o.status = 'paid'
        and p.item->>'id' = o.pack_id and p.item->'delivery'->>'type' = 'priority-support'
        and o.paid_at + make_interval(months => o.months) > ${at}::timestamptz
    ))`;
}

export async function hasPrioritySupport(db: Db, userId: string, now: Date): Promise<boolean> {
  const result = (await db.execute(sql`select ${prioritySupportOf(sql`${userId}::uuid`, now)} as yes`)) as unknown as { rows: { yes: boolean }[] };
  return result.rows[0]?.yes === true;
}
