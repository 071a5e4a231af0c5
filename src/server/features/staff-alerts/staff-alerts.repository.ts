import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { appSecrets, users } from '../../db/schema';

/** The stored webhook address (a Discord webhook's address is its key): sealed like the shared secrets. */
export const ALERT_WEBHOOK_SECRET = 'staff-alert-webhook';

/** Verified, not suspended staff with one of these roles. */
export async function staffEmails(db: Db, roles: readonly string[]): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(and(inArray(users.role, roles as ('support' | 'billing' | 'admin')[]), isNotNull(users.emailVerifiedAt), isNull(users.suspendedAt)));
  return rows.map((r) => r.email);
}

export async function storedWebhook(db: Executor): Promise<{ value: string; createdAt: Date } | null> {
  const [row] = await db.select({ value: appSecrets.value, createdAt: appSecrets.createdAt }).from(appSecrets).where(eq(appSecrets.name, ALERT_WEBHOOK_SECRET));
  return row ?? null;
}

export async function storeWebhook(tx: Executor, sealed: string | null, now: Date): Promise<void> {
  await tx.delete(appSecrets).where(eq(appSecrets.name, ALERT_WEBHOOK_SECRET));
  if (sealed) await tx.insert(appSecrets).values({ name: ALERT_WEBHOOK_SECRET, value: sealed, createdAt: now });
}
