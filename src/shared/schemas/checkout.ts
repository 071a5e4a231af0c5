import { z } from 'zod';
import { currencyCodeSchema, quoteRequestSchema } from './catalog';
import { taxSummarySchema } from './tax';

export const SERVER_NAME_MAX = 48;

const couponCode = z.string().trim().max(64, 'That coupon code is too long').optional();

/**
 * The body of POST /api/checkout: only what was chosen. Unknown keys (an `amount`, a price) are
 * dropped by the schema; the server prices the choice from the catalog.
 */
export const serverCheckoutSchema = quoteRequestSchema.extend({
  kind: z.literal('server'),
  serverName: z
    .string()
    .max(200, 'The server name is too long')
    .default('')
    // Control characters have no place in a name shown on invoices and the panel.
    .transform((name) => name.replace(/[\p{Cc}\p{Cf}]/gu, '').trim().slice(0, SERVER_NAME_MAX).trim()),
  /** A coupon code typed by the customer; empty means none. */
  coupon: couponCode,
});

export const packCheckoutSchema = z.object({
  kind: z.literal('pack'),
  pack: z.string().trim().min(1, 'Required').max(64),
  coupon: couponCode,
  /** As for a server: the shop's currency when absent. */
  currency: currencyCodeSchema.optional(),
});

export const checkoutRequestSchema = z.discriminatedUnion('kind', [serverCheckoutSchema, packCheckoutSchema], {
  error: 'Choose what to buy: kind must be "server" or "pack"',
});
export type CheckoutRequest = z.input<typeof checkoutRequestSchema>;
export type CheckoutChoice = z.output<typeof checkoutRequestSchema>;

export const checkoutResponseSchema = z.object({
  checkout_url: z.string(),
  provider_name: z.string(),
  order_id: z.string(),
  session_id: z.string(),
});
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;

export const orderLineSchema = z.object({
  /** 'coupon': the coupon's negative line, after the items (shared/coupons.ts). */
  kind: z.literal('coupon').optional(),
  description: z.string(),
  quantity: z.number(),
  unitCents: z.number(),
  amountCents: z.number(),
});
export type OrderLineView = z.infer<typeof orderLineSchema>;

export const orderStatuses = ['pending', 'paid', 'expired', 'refunded'] as const;

export const orderViewSchema = z.object({
  id: z.string(),
  kind: z.enum(['server', 'pack', 'plan_change', 'region_move']),
  status: z.enum(orderStatuses),
  planName: z.string(),
  game: z.string().nullable(),
  location: z.string().nullable(),
  period: z.string().nullable(),
  months: z.number(),
  serverName: z.string().nullable(),
  packId: z.string().nullable(),
  /** The currency the order was priced and charged in: every amount of it is in this one. */
  currency: z.string(),
  lines: z.array(orderLineSchema),
  subtotalCents: z.number(),
  discountCents: z.number(),
  totalCents: z.number(),
  /** Net, tax lines and the gross charged. */
  tax: taxSummarySchema,
  createdAt: z.string(),
  expiresAt: z.string(),
  paidAt: z.string().nullable(),
});
export type OrderView = z.infer<typeof orderViewSchema>;

export const purchaseViewSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  planName: z.string(),
  amountCents: z.number(),
  /** The order's currency, which the payment was made in. */
  currency: z.string(),
  status: z.enum(['paid', 'refunded']),
  invoiceNumber: z.string().nullable(),
  createdAt: z.string(),
  refundedAt: z.string().nullable(),
});
export type PurchaseView = z.infer<typeof purchaseViewSchema>;

export const orderServerViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.string(),
  game: z.string(),
  planName: z.string(),
  ramGb: z.number(),
  vcpu: z.number(),
  diskGb: z.number(),
  playerCap: z.number(),
  location: z.string(),
  ip: z.string().nullable(),
  port: z.number().nullable(),
  panelUrl: z.string().nullable(),
  failureReason: z.string().nullable(),
  createdAt: z.string(),
});
export type OrderServerView = z.infer<typeof orderServerViewSchema>;

/** GET /api/checkout/:sessionId and GET /api/orders/:id. */
export const orderStateSchema = z.object({
  order: orderViewSchema,
  purchase: purchaseViewSchema.nullable(),
  server: orderServerViewSchema.nullable(),
});
export type OrderState = z.infer<typeof orderStateSchema>;

export const latestPurchaseSchema = z.object({ purchase: purchaseViewSchema.nullable() });
export type LatestPurchase = z.infer<typeof latestPurchaseSchema>;

/** The built-in checkout page's card form: POST /api/local-checkout/:sessionId/pay. */
export const cardPaymentSchema = z.object({
  number: z.string().max(40),
  expiry: z.string().max(10),
  cvc: z.string().max(8),
  name: z.string().max(200),
  /** 'Save this card for renewals'; absent means saved, as before the box existed. */
  saveCard: z.boolean().optional(),
});
export type CardPayment = z.infer<typeof cardPaymentSchema>;

/** GET /api/local-checkout/:sessionId: what the built-in checkout page shows. */
export const localCheckoutViewSchema = z.object({
  id: z.string(),
  brand: z.string(),
  providerName: z.string(),
  status: z.enum(['open', 'complete', 'expired']),
  paymentStatus: z.enum(['unpaid', 'paid']),
  description: z.string(),
  lines: z.array(orderLineSchema),
  subtotalCents: z.number(),
  discountCents: z.number(),
  /** What the card is charged: the gross, tax included. */
  totalCents: z.number(),
  /** The order's net, tax lines and gross, and the reverse-charge note. */
  tax: taxSummarySchema,
  currency: z.string(),
  lastError: z.string().nullable(),
  cancelUrl: z.string(),
  /** Where the page goes once paid; null until then. */
  redirectUrl: z.string().nullable(),
  expiresAt: z.string(),
  testMode: z.boolean(),
});
export type LocalCheckoutView = z.infer<typeof localCheckoutViewSchema>;

export const localPayResponseSchema = z.object({ redirect_url: z.string() });
export type LocalPayResponse = z.infer<typeof localPayResponseSchema>;
