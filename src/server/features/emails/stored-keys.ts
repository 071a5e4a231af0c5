import { inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { outboxEmails } from '../../db/schema';

/**
 * Those of `keys` the outbox already holds an email for: the once-only emails (a reminder per
 * period, a notice per customer, a confirmation per invoice) look here before they send. Asked 500
 * at a time, so a notice to thousands stays within PostgreSQL's parameter limit.
 */
export async function storedEmailKeys(db: Executor, keys: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < keys.length; i += 500) {
    const rows = await db
      .select({ key: outboxEmails.dedupeKey })
      .from(outboxEmails)
      .where(inArray(outboxEmails.dedupeKey, keys.slice(i, i + 500)));
    for (const r of rows) if (r.key) found.add(r.key);
  }
  return found;
}
