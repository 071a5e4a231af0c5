import { formatMoney } from '../../../shared/money';
import type { Db } from '../../db/client';
import type { Mailer } from '../../integrations/mail/mailer';
import { renderEmail } from '../../integrations/mail/template';
import { billingContact } from './renewals.repository';

export interface RenewalMailDeps {
  db: Db;
  mailer: Mailer;
  brand: string;
  publicUrl: string;
  log: { warn(obj: object, msg?: string): void };
}

export type RenewalNotice =
  | { kind: 'receipt'; service: string; amountCents: number; currency: string; creditCents: number; invoiceNumber: string; renewsAt: Date }
  | { kind: 'payment_failed'; service: string; amountCents: number; currency: string; reason: string; retryAt: Date | null; suspendAt: Date }
  | { kind: 'suspended'; service: string; amountCents: number; currency: string; deleteAt: Date }
  | { kind: 'deleted'; service: string; backupUntil: Date | null }
  | { kind: 'cancelled'; service: string; backupUntil: Date | null };

const day = (d: Date) => d.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

function content(n: RenewalNotice): { subject: string; heading: string; paragraphs: string[] } {
  switch (n.kind) {
    case 'receipt':
      return {
        subject: `Receipt for ${n.service} (${n.invoiceNumber})`,
        heading: 'Your service has renewed',
        paragraphs: [
          `We received ${formatMoney(n.amountCents, n.currency)} for ${n.service}, invoice ${n.invoiceNumber}.`,
          ...(n.creditCents > 0 ? [`${formatMoney(n.creditCents, n.currency)} of it came from your account credit.`] : []),
          `It renews next on ${day(n.renewsAt)}.`,
        ],
      };
    case 'payment_failed':
      return {
        subject: `Payment failed for ${n.service}`,
        heading: 'We could not renew your service',
        paragraphs: [
          `Charging ${formatMoney(n.amountCents, n.currency)} for ${n.service} failed: ${n.reason}`,
          n.retryAt ? `We will try again on ${day(n.retryAt)}.` : 'We will not try the card again.',
          `Please update your payment method; if it stays unpaid the service is suspended on ${day(n.suspendAt)}.`,
        ],
      };
    case 'suspended':
      return {
        subject: `${n.service} is suspended`,
        heading: 'Your service is suspended',
        paragraphs: [
          `${n.service} is suspended because its renewal of ${formatMoney(n.amountCents, n.currency)} is unpaid.`,
          `Update your payment method and it comes back when the payment goes through. Unpaid, it is deleted on ${day(n.deleteAt)}.`,
        ],
      };
    case 'deleted':
    case 'cancelled':
      return {
        subject: `${n.service} has been ${n.kind === 'deleted' ? 'deleted' : 'cancelled'}`,
        heading: n.kind === 'deleted' ? 'Your service was deleted' : 'Your service has ended',
        paragraphs: [
          n.kind === 'deleted'
            ? `${n.service} was deleted because its renewal stayed unpaid for 30 days.`
            : `${n.service} was cancelled at the end of its billing period, as you asked. You were not charged.`,
          n.backupUntil ? `Its last backup stays downloadable until ${day(n.backupUntil)}.` : 'It had no backup to keep.',
        ],
      };
  }
}

/** Sends a billing notice if the customer wants billing email; a mail failure never fails the renewal. */
export async function sendRenewalNotice(deps: RenewalMailDeps, userId: string, notice: RenewalNotice): Promise<void> {
  try {
    const contact = await billingContact(deps.db, userId);
    if (!contact || !contact.notifications.billing) return;
    const { subject, heading, paragraphs } = content(notice);
    const greeting = contact.firstName ? [`Hi ${contact.firstName},`] : [];
    const body = renderEmail({
      brand: deps.brand,
      heading,
      paragraphs: [...greeting, ...paragraphs],
      action: { label: 'Open billing', url: `${deps.publicUrl.replace(/\/+$/, '')}/dashboard/billing` },
    });
    await deps.mailer.send({ to: contact.email, subject, ...body });
  } catch (error) {
    deps.log.warn({ err: error, userId, notice: notice.kind }, 'could not send a renewal email');
  }
}
