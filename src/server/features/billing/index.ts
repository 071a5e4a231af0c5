// What other features may use of this one; everything else in the folder is its own (docs/decisions/041).
export { dunningRulesFrom, nextDunningStep } from './dunning';
export {
  amountForCard,
  claimPaidChange,
  durationLabel,
  PAID_CHANGE_LEASE_MS,
  payClaimedChange,
  proratedLine,
  settleStaleCharge,
  type ClaimedCharge,
  type PaidChangeClaim,
  type PaidChangeKind,
} from './paid-change';
export { issuePaidInvoice } from './paid-invoice';
export { createRefunds, type RefundDeps, type Refunds } from './refunds';
export { defaultPaymentMethod } from './payment-methods.service';
export { paymentSplit, refundsOfPurchase, serverOfOrder } from './refunds.repository';
export { billedForPeriod, hasOpenRenewal, renewalsBefore, serverWithOrder, type OrderRow } from './server-billing.repository';
export { refundOrder, refundPosition, refundRemainder, refundWindowEnd, type RefundServiceDeps } from './refunds.service';
export { adjustCredit, customerCredit } from './staff-credit.service';
export { sendCardExpiryNotices, sendRenewalReminders, type BillingReminderDeps } from './billing-reminders.emails';
export { staffDocumentPdf, type DocumentLanguages, type PdfDeps } from './invoice-pdf.service';
export { refundEmailKey, sendRefundIssued, type RefundEmailDeps, type RefundNotices } from './refund-issued.emails';
export { createOrderConfirmations, sendOrderConfirmation, type OrderConfirmationDeps } from './order-confirmation.emails';
export { grantSlaCredit, slaCreditPreview, type PanelNodesByLocation } from './sla-credit.service';
