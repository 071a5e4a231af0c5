import { formatMoney } from '../../../shared/money';
import type { Mailer } from '../../integrations/mail/mailer';
import { renderEmail } from '../../integrations/mail/template';
import { getBrand } from '../brand';
import { billingContact } from './renewals.repository';
import { customerLocale, invoiceFile, type PdfDeps } from './invoice-pdf.service';
import { invoiceDetail } from './billing.service';

export interface OrderConfirmationDeps extends PdfDeps {
  mailer: Mailer;
  publicUrl: string;
}

/**
 * The order confirmation, with the invoice attached as a PDF, sent once when an order is paid.
 * Fulfilment calls it only when it fulfilled the order (a webhook's replay finds the order paid and
 * sends nothing), and the outbox keeps one email per key. It is sent whatever the customer's billing-email choice: it carries their invoice.
 * The outbox stores the PDF's bytes, so a retry or a staff resend attaches the same file.
 */
export async function sendOrderConfirmation(deps: OrderConfirmationDeps, userId: string, invoiceId: string): Promise<void> {
  const contact = await billingContact(deps.db, userId);
  if (!contact) return;
  const locale = await customerLocale(deps, userId);
  const [invoice, brand] = await Promise.all([invoiceDetail(deps, userId, invoiceId), getBrand(deps.db)]);
  const pdf = await invoiceFile(deps, invoice, locale);
  const total = formatMoney(invoice.tax.grossCents, invoice.currency, locale);
  const greeting = contact.firstName ? [`Hi ${contact.firstName},`] : [];
  const body = renderEmail({
    brand: brand.name,
    heading: 'Thank you for your order',
    paragraphs: [
      ...greeting,
      `We received your payment of ${total} for ${invoice.description}.`,
      `Your invoice ${invoice.number} is attached as a PDF. You can download it again at any time from Billing in your dashboard.`,
    ],
    action: { label: 'View invoice', url: `${deps.publicUrl.replace(/\/+$/, '')}/dashboard/billing/invoices/${invoice.id}` },
  });
  await deps.mailer.send({
    to: contact.email,
    subject: `Order confirmed: ${invoice.description} (${invoice.number})`,
    ...body,
    attachments: [{ filename: pdf.filename, contentType: 'application/pdf', content: pdf.body }],
    // Once per invoice, even if two processes were ever to fulfil the same payment (decision 061's key).
    dedupeKey: `order-confirmation:${invoice.id}`,
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
