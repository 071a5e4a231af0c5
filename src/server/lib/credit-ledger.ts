import { randomUUID } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { creditLedger, type LedgerKind } from '../db/schema';

export interface LedgerEntryInput {
  userId: string;
  /** Signed: credit given is positive, credit spent (credit_applied) is negative. */
  amountCents: number;
  /** The currency of the credit (lower-case ISO); a balance only pays in its own currency (decision 053). */
  currency: string;
  kind: LedgerKind;
  reason: string;
  /**
   * What the entry is for (payout, purchase or invoice id). A (kind, referenceId) pair is booked
   * once: a second call with the same pair books nothing and answers the first entry.
   */
  referenceId?: string | null;
  /** The staff user who made a manual adjustment. */
  createdBy?: string | null;
  id?: string;
  createdAt?: Date;
}

export type LedgerEntry = typeof creditLedger.$inferSelect;

/** Books one credit movement; call it inside the transaction that does the thing it pays for. */
export async function addLedgerEntry(tx: Executor, entry: LedgerEntryInput): Promise<LedgerEntry> {
  if (!Number.isSafeInteger(entry.amountCents) || entry.amountCents === 0) {
    throw new Error(`A ledger entry needs a non-zero whole number of cents, not ${entry.amountCents}`);
  }
  const [row] = await tx
    .insert(creditLedger)
    .values({
      id: entry.id ?? randomUUID(),
      userId: entry.userId,
      amountCents: entry.amountCents,
      currency: entry.currency.toLowerCase(),
      kind: entry.kind,
      reason: entry.reason,
      referenceId: entry.referenceId ?? null,
      createdBy: entry.createdBy ?? null,
      createdAt: entry.createdAt ?? new Date(),
    })
    .onConflictDoNothing()
    .returning();
  if (row) return row;
  const [existing] = await tx
    .select()
    .from(creditLedger)
    .where(and(eq(creditLedger.kind, entry.kind), eq(creditLedger.referenceId, entry.referenceId ?? '')));
  if (!existing) throw new Error('Ledger entry conflicted but no earlier entry was found');
  return existing;
}

/**
 * The one lock on a customer's credit, and the balance read under it. Everything that can lower the
 * balance takes it in its own transaction before reading the balance: spending credit on a renewal,
 * an upgrade or a move, and a staff deduction. So two of them never both count the same cents, and
 * the balance cannot go below zero. It is a transaction-scoped advisory lock, not the users row, so
 * it does not wait on (or block) sign-ins and profile edits.
 */
export async function lockedBalanceCents(tx: Executor, userId: string, currency: string): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`credit:${userId}`}))`);
  return balanceCents(tx, userId, currency);
}

/** The customer's credit in one currency: the sum of their entries in it, computed every time. */
export async function balanceCents(db: Executor, userId: string, currency: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string | null>`sum(${creditLedger.amountCents})` })
    .from(creditLedger)
    .where(and(eq(creditLedger.userId, userId), eq(creditLedger.currency, currency.toLowerCase())));
  return Number(row?.total ?? 0);
}

/** Every currency the customer holds credit in (or ever did), with its balance, largest first. */
export async function balancesByCurrency(db: Executor, userId: string): Promise<{ currency: string; cents: number }[]> {
  const rows = await db
    .select({ currency: creditLedger.currency, total: sql<string | null>`sum(${creditLedger.amountCents})` })
    .from(creditLedger)
    .where(eq(creditLedger.userId, userId))
    .groupBy(creditLedger.currency);
  return rows.map((r) => ({ currency: r.currency, cents: Number(r.total ?? 0) })).sort((a, b) => b.cents - a.cents);
}

export async function ledgerEntries(db: Executor, userId: string): Promise<LedgerEntry[]> {
  return db.select().from(creditLedger).where(eq(creditLedger.userId, userId)).orderBy(desc(creditLedger.createdAt));
}
