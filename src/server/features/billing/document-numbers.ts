import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { documentCounters, type DocumentSeries } from '../../db/schema';


const formats: Record<DocumentSeries, (n: number) => string> = {
  invoice: (n) => `INV-${String(n).padStart(6, '0')}`,
  credit_note: (n) => `CN-${String(n).padStart(6, '0')}`,
};

export function formatInvoiceNumber(n: number): string {
  return formats.invoice(n);
}

export function formatCreditNoteNumber(n: number): string {
  return formats.credit_note(n);
}

/**
 * The next number of a series, gapless: the series' counter row is locked (SELECT … FOR UPDATE)
 * and moved on inside the caller's transaction, which must insert the document before it commits.
 * If that transaction rolls back, so does the counter, and the number is issued to the next
 * document instead; transactions issuing the same series wait for each other at the lock, so no
 * two get the same number. Call it as late as possible in the transaction: the lock is held to the end.
 */
export async function nextDocumentNumber(tx: Tx | Db, series: DocumentSeries): Promise<string> {
  const [row] = await tx.select({ next: documentCounters.nextValue }).from(documentCounters).where(eq(documentCounters.series, series)).for('update');
  if (!row) throw new Error(`document_counters has no '${series}' series`);
  await tx
    .update(documentCounters)
    .set({ nextValue: sql`${documentCounters.nextValue} + 1` })
    .where(eq(documentCounters.series, series));
  return formats[series](row.next);
}
