import type { Db, Tx } from '../../db/client';
import { invoices, type orders } from '../../db/schema';
import type { Ids } from '../../lib/runtime';
import { storeTax, taxNoteOf } from '../tax';
import { nextDocumentNumber } from './document-numbers';


/**
 * A paid order's invoice, numbered from the gapless invoice series: the number is taken last in
 * the transaction, so the counter's lock is held as briefly as possible (decision 023). It copies
 * the order's lines and taxes, the buyer the order was taxed for, and the seller as the store's
 * settings say now. Checkouts, plan changes and region moves all invoice through it.
 */
export async function issuePaidInvoice(
  tx: Tx | Db,
  ids: Ids,
  order: typeof orders.$inferSelect,
  purchaseId: string,
  now: Date,
): Promise<{ id: string; number: string }> {
  const db = tx as Db;
  const id = ids.uuid();
  const { seller } = await storeTax(db);
  const number = await nextDocumentNumber(db, 'invoice');
  await db.insert(invoices).values({
    id,
    number,
    userId: order.userId,
    purchaseId,
    orderId: order.id,
    lines: order.lines,
    subtotalCents: order.subtotalCents,
    discountCents: order.discountCents,
    totalCents: order.totalCents,
    currency: order.currency,
    taxInclusive: order.taxInclusive,
    netCents: order.netCents,
    taxCents: order.taxCents,
    grossCents: order.grossCents,
    taxLines: order.taxLines,
    reverseCharge: order.reverseCharge,
    seller,
    buyer: order.buyer,
    taxNote: taxNoteOf(order.reverseCharge),
    status: 'paid',
    issuedAt: now,
  });
  return { id, number };
}
