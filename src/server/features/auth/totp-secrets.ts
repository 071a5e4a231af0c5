import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { SecretBoxError, type SecretBox } from '../../lib/secret-box';

export interface ResealOutcome {
  resealed: number;
  /** Sealed with a key that is neither APP_SECRET nor in APP_SECRET_PREVIOUS: left as they are. */
  unreadable: number;
}

/**
 * Seals every two-factor secret with the current APP_SECRET: those stored before encryption was
 * turned on, and those sealed with a previous key (rotation). Runs at start; a row changed
 * meanwhile (a new enrolment, another instance) is left to that change.
 */
export async function resealTotpSecrets(db: Db, box: SecretBox): Promise<ResealOutcome> {
  const outcome: ResealOutcome = { resealed: 0, unreadable: 0 };
  if (!box.encrypts) return outcome;
  const rows = await db.select({ id: users.id, secret: users.totpSecret }).from(users).where(isNotNull(users.totpSecret));
  for (const row of rows) {
    if (!row.secret || !box.needsResealing(row.secret)) continue;
    let plain: string;
    try {
      plain = box.open(row.secret, row.id);
    } catch (error) {
      if (!(error instanceof SecretBoxError)) throw error;
      outcome.unreadable += 1;
      continue;
    }
    const done = await db
      .update(users)
      .set({ totpSecret: box.seal(plain, row.id) })
      .where(and(eq(users.id, row.id), eq(users.totpSecret, row.secret)))
      .returning({ id: users.id });
    outcome.resealed += done.length;
  }
  return outcome;
}
