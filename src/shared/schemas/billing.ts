import { z } from 'zod';
import { taxLineSchema, taxSummarySchema, vatCheckSchema } from './tax';

/** The spec's billing statuses (section 4) plus refunded; the UI colours them. */
export const billingStatuses = ['paid', 'failed', 'pending', 'scheduled', 'refunded'] as const;
export type BillingStatus = (typeof billingStatuses)[number];

export const upcomingBillSchema = z.object({
  serverId: z.string(),
  /** The server's name. */
  service: z.string(),
  planName: z.string(),
  /** The service's currency, which it renews in. */
  currency: z.string(),
  amountCents: z.number().int(),
  dueDate: z.string(),
  status: z.literal('scheduled'),
});
export type UpcomingBill = z.infer<typeof upcomingBillSchema>;

/** A service the customer cancelled: it runs until `cancelAt` and is not renewed. */
export const endingServiceSchema = z.object({
  serverId: z.string(),
  service: z.string(),
  cancelAt: z.string(),
});
export type EndingService = z.infer<typeof endingServiceSchema>;

/** GET /api/billing: the Overview tab. */
export const billingOverviewSchema = z.object({
  /** The currency of the balance and of this month's total: the shop's. Bills carry their own. */
  currency: z.string(),
  stats: z.object({
    /** Account credit in the shop's currency: the sum of its credit ledger. */
    currentBalance: z.number().int(),
    /** Credit in every currency that holds some (decision 053: kept per currency), largest first. */
    balances: z.array(z.object({ currency: z.string(), cents: z.number().int() })),
    nextPayment: z.object({ amountCents: z.number().int(), currency: z.string(), dueDate: z.string(), service: z.string() }).nullable(),
    /** Cents paid in the current calendar month (UTC). */
    thisMonth: z.number().int(),
    paymentMethods: z.number().int(),
  }),
  upcoming: z.array(upcomingBillSchema),
  ending: z.array(endingServiceSchema),
});
export type BillingOverview = z.infer<typeof billingOverviewSchema>;

export const paymentMethodSchema = z.object({
  id: z.string(),
  type: z.literal('card'),
  brand: z.string(),
  last4: z.string(),
  expiryMonth: z.number().int(),
  expiryYear: z.number().int(),
  isDefault: z.boolean(),
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

/** One line of the Billing History tab: a charge, a refund, an account credit or a scheduled renewal. */
export const billingHistoryEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(['charge', 'refund', 'credit', 'renewal']),
  date: z.string(),
  description: z.string(),
  /** Signed: money back or credit added is shown as it moved for the customer. */
  amountCents: z.number().int(),
  /** The currency of the invoice, credit or service the line is about. */
  currency: z.string(),
  status: z.enum(billingStatuses),
  method: z.string(),
  invoiceId: z.string().nullable(),
  /** A refund's credit note (printable at /dashboard/billing/credit-notes/:id). */
  creditNoteId: z.string().nullable().default(null),
});
export type BillingHistoryEntry = z.infer<typeof billingHistoryEntrySchema>;

export const invoiceLineSchema = z.object({
  /** 'coupon': the coupon's negative line, after the items (shared/coupons.ts). */
  kind: z.literal('coupon').optional(),
  description: z.string(),
  quantity: z.number(),
  unitCents: z.number().int(),
  amountCents: z.number().int(),
});

/** Who issued a document: its legal name, address, country and tax ID as they were at issue, and how to reach them. */
export const documentSellerSchema = z.object({
  name: z.string(),
  email: z.string(),
  url: z.string(),
  address: z.string().default(''),
  country: z.string().nullable().default(null),
  taxId: z.string().default(''),
});
export type DocumentSeller = z.infer<typeof documentSellerSchema>;

/** Who a document is made out to: their billing details at issue (older documents: name and email only). */
export const documentCustomerSchema = z.object({
  name: z.string(),
  email: z.string(),
  address: z.string().default(''),
  postalCode: z.string().default(''),
  region: z.string().default(''),
  country: z.string().nullable().default(null),
  vatId: z.string().default(''),
  /** 'unverified' on documents issued before VAT IDs were checked with VIES (docs/decisions/033-vat-id-checks.md). */
  vatIdStatus: z.enum(['unverified', 'checking', 'verified', 'invalid']).nullable().default(null),
  /** How the VAT ID was verified when the document was issued: by VIES (with its consultation number) or by staff. */
  vatCheck: vatCheckSchema.nullable().default(null),
});
export type DocumentCustomer = z.infer<typeof documentCustomerSchema>;

/** GET /api/invoices/:id: what the printable invoice page shows. */
export const invoiceDetailSchema = z.object({
  id: z.string(),
  number: z.string(),
  date: z.string(),
  status: z.enum(['paid', 'failed', 'pending', 'refunded']),
  seller: documentSellerSchema,
  customer: documentCustomerSchema,
  description: z.string(),
  lines: z.array(invoiceLineSchema),
  subtotalCents: z.number().int(),
  discountCents: z.number().int(),
  /** subtotal − discount − coupon, in the catalog's terms (see tax.inclusive). */
  totalCents: z.number().int(),
  /** Net, each tax line and the gross (what was charged), and the reverse-charge note. */
  tax: taxSummarySchema,
  currency: z.string(),
  method: z.string(),
  refundedAt: z.string().nullable(),
  /** The credit notes issued against this invoice; the invoice itself is never edited. */
  creditNotes: z.array(z.object({ id: z.string(), number: z.string(), amountCents: z.number().int(), issuedAt: z.string() })).default([]),
});
export type InvoiceDetail = z.infer<typeof invoiceDetailSchema>;

/** GET /api/credit-notes/:id: a refund's printable credit note, linked to the invoice it corrects. */
export const creditNoteDetailSchema = z.object({
  id: z.string(),
  number: z.string(),
  date: z.string(),
  seller: documentSellerSchema,
  customer: documentCustomerSchema,
  /** The invoice it corrects; totalCents is that invoice's gross. */
  invoice: z.object({ id: z.string(), number: z.string(), date: z.string(), totalCents: z.number().int() }).nullable(),
  description: z.string(),
  reason: z.string(),
  /** What was refunded, tax included. */
  amountCents: z.number().int(),
  /** The refund's part of the invoice's tax, in proportion, and the net. */
  netCents: z.number().int(),
  taxLines: z.array(taxLineSchema),
  taxCents: z.number().int(),
  reverseCharge: z.boolean(),
  note: z.string().nullable(),
  currency: z.string(),
  /** 'card' (back to the card, 5-7 business days) or 'credit' (added to the account balance at once). */
  method: z.enum(['card', 'credit']),
  methodLabel: z.string(),
  /** The business days a card refund takes, as the rule stood when the note was issued (decision 082). */
  refundDaysMin: z.number().int(),
  refundDaysMax: z.number().int(),
});
export type CreditNoteDetail = z.infer<typeof creditNoteDetailSchema>;

/** POST /api/services/:id/cancel: the date the service stops (the end of its paid period). */
export const cancellationSchema = z.object({
  serverId: z.string(),
  cancelAt: z.string(),
});
export type Cancellation = z.infer<typeof cancellationSchema>;

export const STAFF_CREDIT_MAX_CENTS = 1_000_000;

export const ledgerEntrySchema = z.object({
  id: z.string(),
  amountCents: z.number().int(),
  /** Credit is kept per currency (decision 053): the entry's own. */
  currency: z.string(),
  kind: z.enum(['affiliate_credit', 'refund_credit', 'staff_adjustment', 'credit_applied', 'sla_credit']),
  reason: z.string(),
  referenceId: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
