import { desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { CustomerCredit, CustomerCreditAdjustInput, CustomerCreditResponse } from '../../../shared/schemas/admin/customers';
import { formatMoney } from '../../../shared/money';
import type { Db } from '../../db/client';
import { creditLedger, users } from '../../db/schema';
import { logActivity, said } from '../../lib/activity';
import { conflict, notFound } from '../../lib/errors';
import { audited, type StaffActor } from '../../lib/audit';
import type { BillingDeps } from './billing-deps';
import { isUuid } from './billing-deps';
import { shopCurrency } from '../../lib/shop-currency';
import { addLedgerEntry, balanceCents, lockedBalanceCents, type LedgerEntry } from '../../lib/credit-ledger';

const staff = alias(users, 'ledger_staff');

function view(entry: LedgerEntry, createdByEmail: string | null) {
  return { ...entry, createdAt: entry.createdAt.toISOString(), createdByEmail };
}

/** The ledger, newest first, with the email of the staff member behind each manual adjustment. */
export async function ledgerWithStaff(db: Db, userId: string) {
  const rows = await db
    .select({ entry: creditLedger, createdByEmail: staff.email })
    .from(creditLedger)
    .leftJoin(staff, eq(staff.id, creditLedger.createdBy))
    .where(eq(creditLedger.userId, userId))
    .orderBy(desc(creditLedger.createdAt), desc(creditLedger.id));
  return rows.map((r) => view(r.entry, r.createdByEmail));
}

export async function customerCredit(deps: Pick<BillingDeps, 'db'>, userId: string): Promise<CustomerCredit> {
  const found = isUuid(userId) && (await deps.db.select({ id: users.id }).from(users).where(eq(users.id, userId))).length > 0;
  if (!found) throw notFound('That customer was not found.');
  const currency = await shopCurrency(deps.db);
  const [balance, entries] = await Promise.all([balanceCents(deps.db, userId, currency), ledgerWithStaff(deps.db, userId)]);
  return { balanceCents: balance, currency, entries };
}

/**
 * A staff adjustment of a customer's credit, audited in the same transaction as the ledger row.
 * It takes the credit lock that spending credit takes (lockedBalanceCents), so a deduction and a
 * renewal, upgrade or move paid from the balance at once cannot both pass the check that the
 * balance stays at or above zero; a refused one leaves no row and no audit record.
 */
export async function adjustCredit(
  deps: BillingDeps,
  actor: StaffActor,
  userId: string,
  input: CustomerCreditAdjustInput,
): Promise<CustomerCreditResponse> {
  if (!isUuid(userId)) throw notFound('That customer was not found.');
  const entry = await audited(deps, actor, async (tx) => {
    const [customer] = await tx.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, userId));
    if (!customer) throw notFound('That customer was not found.');
    // Staff adjust the credit in the shop's currency, the one every sale is in (decision 053).
    const currency = await shopCurrency(tx);
    const balance = await lockedBalanceCents(tx, userId, currency);
    if (balance + input.amountCents < 0) {
      throw conflict(`The balance is ${formatMoney(balance, currency)}; it cannot go below ${formatMoney(0, currency)}.`);
    }
    const row = await addLedgerEntry(tx, {
      id: deps.ids.uuid(),
      userId,
      amountCents: input.amountCents,
      currency,
      kind: 'staff_adjustment',
      reason: input.reason,
      createdBy: actor.id,
      createdAt: deps.clock.now(),
    });
    await logActivity(
      { db: tx, clock: deps.clock, ids: deps.ids },
      {
        userId,
        kind: 'account',
        text: said(
          row.amountCents > 0 ? 'activity.credit.added' : 'activity.credit.deducted',
          { reason: row.reason },
          { money: { amount: { cents: Math.abs(row.amountCents), currency: row.currency } } },
        ),
        subjectId: row.id,
      },
    );
    return {
      result: row,
      audit: {
        action: 'customer.credit_adjusted',
        targetType: 'customer',
        targetId: userId,
        targetLabel: customer.email,
        before: { balanceCents: balance },
        after: { balanceCents: balance + row.amountCents, amountCents: row.amountCents, ledgerEntryId: row.id },
        reason: input.reason,
      },
    };
  });
  deps.events.publish(userId, { topic: 'billing', id: entry.id });
  return { entry: view(entry, actor.email), ...(await customerCredit(deps, userId)) };
}
