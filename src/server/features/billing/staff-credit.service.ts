import { eq } from 'drizzle-orm';
import type { CustomerCredit, StaffCreditInput, StaffCreditResponse } from '../../../shared/schemas/billing';
import { formatCents } from '../../../shared/money';
import { users } from '../../db/schema';
import { logActivity } from '../../lib/activity';
import { conflict, notFound } from '../../lib/errors';
import type { BillingDeps } from './billing-deps';
import { isUuid } from './billing-deps';
import { addLedgerEntry, balanceCents, ledgerEntries, type LedgerEntry } from './ledger';

function view(entry: LedgerEntry) {
  return { ...entry, createdAt: entry.createdAt.toISOString() };
}

export async function customerCredit(deps: BillingDeps, userId: string): Promise<CustomerCredit> {
  const found = isUuid(userId) && (await deps.db.select({ id: users.id }).from(users).where(eq(users.id, userId))).length > 0;
  if (!found) throw notFound('That customer was not found.');
  const [balance, entries] = await Promise.all([balanceCents(deps.db, userId), ledgerEntries(deps.db, userId)]);
  return { balanceCents: balance, entries: entries.map(view) };
}

/**
 * A staff adjustment of a customer's credit. The customer row is locked for the transaction, so
 * two debits at once cannot both pass the check that the balance stays at or above zero.
 */
export async function adjustCredit(
  deps: BillingDeps,
  staffId: string,
  userId: string,
  input: StaffCreditInput,
): Promise<StaffCreditResponse> {
  if (!isUuid(userId)) throw notFound('That customer was not found.');
  const entry = await deps.db.transaction(async (tx) => {
    const [customer] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    if (!customer) throw notFound('That customer was not found.');
    const balance = await balanceCents(tx, userId);
    if (balance + input.amountCents < 0) {
      throw conflict(`The balance is ${formatCents(balance)}; it cannot go below $0.00.`);
    }
    return addLedgerEntry(tx, {
      id: deps.ids.uuid(),
      userId,
      amountCents: input.amountCents,
      kind: 'staff_adjustment',
      reason: input.reason,
      createdBy: staffId,
      createdAt: deps.clock.now(),
    });
  });
  deps.events.publish(userId, { topic: 'billing', id: entry.id });
  await logActivity(deps, {
    userId,
    kind: 'account',
    message: `${entry.amountCents > 0 ? 'Credit of' : 'Credit deduction of'} ${formatCents(Math.abs(entry.amountCents))}: ${entry.reason}`,
    subjectId: entry.id,
  });
  return { entry: view(entry), ...(await customerCredit(deps, userId)) };
}

