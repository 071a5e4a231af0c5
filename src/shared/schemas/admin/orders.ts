import { z } from 'zod';
import { daySchema } from '../dates';
import { isShopCurrency } from '../../currency';
import { taxSummarySchema } from '../tax';
import { invoiceLineSchema } from '../billing';
import { staffReasonSchema } from './staff';

/**
 * The staff console's orders, invoices and refunds (/api/admin/orders..., /api/admin/invoices...).
 * Amounts are integer cents. A refund never edits the invoice: it issues a credit note, and the
 * "refunded" states below are derived from the refunds made.
 */

/** An order's state as staff read it: the order's own status, with partial refunds told apart. */
export const adminOrderStatuses = ['pending', 'paid', 'partially_refunded', 'refunded', 'expired'] as const;
export type AdminOrderStatus = (typeof adminOrderStatuses)[number];

/** An invoice's state as staff read it; the row itself keeps the status it was issued with. */
export const adminInvoiceStatuses = ['paid', 'pending', 'failed', 'partially_refunded', 'refunded'] as const;
export type AdminInvoiceStatus = (typeof adminInvoiceStatuses)[number];

export const adminMoneySorts = ['newest', 'oldest', 'amount_desc', 'amount_asc'] as const;
export type AdminMoneySort = (typeof adminMoneySorts)[number];

const day = daySchema('Use a date like 2026-11-24');
const cents = z.coerce
  .number()
  .int("Enter a whole number of the currency's minor unit (cents; yen have none)")
  .min(0, 'Amounts cannot be negative')
  .max(100_000_000);

/** Shared by both lists and their CSV exports. `from` and `to` are UTC days, both included. */
const moneyFilters = {
  q: z.string().trim().max(200, 'Search is too long').optional(),
  provider: z.string().trim().max(40).optional(),
  game: z.string().trim().max(60).optional(),
  /** Only amounts in this currency; an amount range without it is in the shop's currency. */
  currency: z
    .string()
    .trim()
    .toLowerCase()
    .refine(isShopCurrency, 'Choose a currency the shop can sell in, like eur')
    .optional(),
  from: day.optional(),
  to: day.optional(),
  minCents: cents.optional(),
  maxCents: cents.optional(),
  sort: z.enum(adminMoneySorts, 'Choose newest, oldest, amount_desc or amount_asc').default('newest'),
};
const paging = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
};

/** GET /api/admin/orders (and /api/admin/orders/export.csv without the paging). q: order id, email or invoice number. */
export const adminOrderListQuerySchema = z.object({
  ...moneyFilters,
  status: z.enum(adminOrderStatuses, 'Choose pending, paid, partially_refunded, refunded or expired').optional(),
  ...paging,
});
export type AdminOrderListQuery = z.infer<typeof adminOrderListQuerySchema>;

/** GET /api/admin/invoices (and /api/admin/invoices/export.csv). q: invoice number, order id or email. */
export const adminInvoiceListQuerySchema = z.object({
  ...moneyFilters,
  status: z.enum(adminInvoiceStatuses, 'Choose paid, pending, failed, partially_refunded or refunded').optional(),
  ...paging,
});
export type AdminInvoiceListQuery = z.infer<typeof adminInvoiceListQuerySchema>;

const customerRef = z.object({ id: z.string(), email: z.string() });

export const adminOrderSummarySchema = z.object({
  id: z.string(),
  kind: z.enum(['server', 'pack', 'plan_change', 'region_move']),
  status: z.enum(adminOrderStatuses),
  planName: z.string(),
  /** Catalog game id (minecraft, fivem, palworld), or null for a pack. */
  game: z.string().nullable(),
  /** 'local' (the built-in checkout) or 'stripe'. */
  provider: z.string(),
  customer: customerRef,
  /** The order's currency (lower-case ISO): its amounts are in it, never added to another's. */
  currency: z.string(),
  totalCents: z.number().int(),
  refundedCents: z.number().int(),
  invoice: z.object({ id: z.string(), number: z.string() }).nullable(),
  /** True for the order a renewal's payment created (not one the customer placed). */
  renewal: z.boolean(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
export type AdminOrderSummary = z.infer<typeof adminOrderSummarySchema>;

export const adminOrderListSchema = z.object({
  items: z.array(adminOrderSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminOrderList = z.infer<typeof adminOrderListSchema>;

export const adminInvoiceSummarySchema = z.object({
  id: z.string(),
  number: z.string(),
  status: z.enum(adminInvoiceStatuses),
  description: z.string(),
  game: z.string().nullable(),
  provider: z.string().nullable(),
  customer: customerRef,
  currency: z.string(),
  totalCents: z.number().int(),
  refundedCents: z.number().int(),
  /** The order page where it can be refunded; null for an unpaid renewal invoice with no order yet. */
  orderId: z.string().nullable(),
  issuedAt: z.string(),
});
export type AdminInvoiceSummary = z.infer<typeof adminInvoiceSummarySchema>;

export const adminInvoiceListSchema = z.object({
  items: z.array(adminInvoiceSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminInvoiceList = z.infer<typeof adminInvoiceListSchema>;

export const refundMethods = ['card', 'credit'] as const;
export type RefundMethodChoice = (typeof refundMethods)[number];

export const adminRefundSchema = z.object({
  id: z.string(),
  amountCents: z.number().int(),
  method: z.enum(refundMethods),
  /** pending while the payment provider is asked; failed refunds do not count against what is left. */
  status: z.enum(['pending', 'succeeded', 'failed']),
  reason: z.string(),
  cancelService: z.boolean(),
  /** The staff member's email, or null when the system refunded (a set-up that could not be fixed). */
  createdBy: z.string().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  creditNote: z.object({ id: z.string(), number: z.string() }).nullable(),
});
export type AdminRefund = z.infer<typeof adminRefundSchema>;

/** GET /api/admin/orders/:id: the order page. */
export const adminOrderDetailSchema = adminOrderSummarySchema.extend({
  period: z.string().nullable(),
  months: z.number().int(),
  location: z.string().nullable(),
  lines: z.array(invoiceLineSchema),
  subtotalCents: z.number().int(),
  discountCents: z.number().int(),
  /** Net, each tax line and the gross (the summary's totalCents), and the reverse-charge note. */
  tax: taxSummarySchema,
  payment: z
    .object({
      purchaseId: z.string(),
      amountCents: z.number().int(),
      /** What the card was charged; the rest was paid with account credit. */
      cardCents: z.number().int(),
      creditCents: z.number().int(),
      providerPaymentId: z.string().nullable(),
      paidAt: z.string(),
    })
    .nullable(),
  server: z.object({ id: z.string(), name: z.string(), status: z.string() }).nullable(),
  refunds: z.array(adminRefundSchema),
  /** What a new refund may take: the server refuses more than this. */
  refundable: z.object({
    totalCents: z.number().int(),
    /** Back to the card: at most what the card paid, less card refunds already made. */
    cardCents: z.number().int(),
    /** The money-back window in hours, as Settings → Business rules sets it now. */
    windowHours: z.number().int(),
    /** Inside the money-back window, a refund may also cancel the service. */
    withinWindow: z.boolean(),
    windowEndsAt: z.string().nullable(),
    canCancelService: z.boolean(),
  }),
});
export type AdminOrderDetail = z.infer<typeof adminOrderDetailSchema>;

/** POST /api/admin/orders/:id/refunds (money.write). Answers the order page as it now stands. */
export const adminRefundInputSchema = z.object({
  amountCents: z
    .number('Enter an amount')
    .int("Enter a whole number of the order currency's minor unit (cents; yen have none)")
    .min(1, 'The amount must be more than zero')
    .max(100_000_000, 'The amount is too large'),
  method: z.enum(refundMethods, 'Choose card or account credit'),
  reason: staffReasonSchema,
  cancelService: z.boolean().default(false),
});
export type AdminRefundInput = z.infer<typeof adminRefundInputSchema>;

/** How many rows a CSV export may hold; narrow the filters for more. */
export const CSV_EXPORT_MAX_ROWS = 50_000;

/**
 * POST /api/admin/orders/:id/check-provider (money.write): staff ask the payment provider about an
 * unpaid order's checkout; a paid one is fulfilled through the webhook's own path. Answers what the
 * provider said, whether this check fulfilled the order, and the order page as it now stands.
 */
export const adminProviderCheckSchema = z.object({
  session: z.object({
    status: z.enum(['open', 'complete', 'expired']),
    paymentStatus: z.enum(['paid', 'unpaid', 'no_payment_required']),
    amountCents: z.number().int(),
  }),
  fulfilled: z.boolean(),
  message: z.string(),
  order: adminOrderDetailSchema,
});
export type AdminProviderCheck = z.infer<typeof adminProviderCheckSchema>;
