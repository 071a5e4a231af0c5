import { formatMoney } from '../../../shared/money';
import { sendTemplate, storedEmailKeys, type EmailSendDeps } from '../emails';
import { invoiceDetail } from './billing.service';
import { customerLocale, invoiceFile, type PdfDeps } from './invoice-pdf.service';
import { wordingIn } from './wording';

export interface OrderConfirmationDeps extends PdfDeps, EmailSendDeps {}

const confirmationKey = (invoiceId: string) => `order-confirmation:${invoiceId}`;

/**
 * The order confirmation, with the invoice attached as a PDF, sent once when an order is paid,
 * in the customer's language with the template staff edit (decision 061). Fulfilment calls it
 * only when it fulfilled the order, and the outbox keys it by invoice, so a replay sends nothing.
 * It goes whatever the customer's billing-email choice: it carries their invoice. The outbox
 * stores the PDF's bytes, so a retry or a staff resend attaches the same file.
 */
export async function sendOrderConfirmation(deps: OrderConfirmationDeps, userId: string, invoiceId: string): Promise<void> {
  // The job written with the payment comes after the send beside the request: nothing to redo.
  const key = confirmationKey(invoiceId);
  if ((await storedEmailKeys(deps.db, [key])).has(key)) return;
  // The invoice's lines in the language the email and its PDF go out in (the account's, else the shop's).
  const invoice = await invoiceDetail(deps, userId, invoiceId, await wordingIn(deps.i18n, await customerLocale(deps, userId)));
  await sendTemplate(deps, {
    userId,
    template: 'orderConfirmation',
    values: (locale) => ({ total: formatMoney(invoice.tax.grossCents, invoice.currency, locale), description: invoice.description, invoice: invoice.number }),
    actionPath: `/dashboard/billing/invoices/${invoice.id}`,
    dedupeKey: confirmationKey(invoice.id),
    attachments: async (locale) => {
      const pdf = await invoiceFile(deps, invoice, locale);
      return [{ filename: pdf.filename, contentType: 'application/pdf', content: pdf.body }];
    },
  });
}

/**
 * Sends confirmations beside the payment's request rather than inside it: the webhook or the
 * success page answers without waiting for the PDF. `settled()` lets the app finish the ones under
 * way before it closes. A failure is logged; the invoice stays in Billing either way.
 */
export function createOrderConfirmations(deps: OrderConfirmationDeps) {
  const pending = new Set<Promise<void>>();
  return {
    queue(userId: string, invoiceId: string): void {
      const sending = sendOrderConfirmation(deps, userId, invoiceId)
        .catch((error: unknown) => deps.log.error({ err: error, userId, invoiceId }, 'could not send the order confirmation'))
        .finally(() => pending.delete(sending));
      pending.add(sending);
    },
    async settled(): Promise<void> {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}
