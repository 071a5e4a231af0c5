import { z } from 'zod';
import { daySchema } from '../dates';
import { roles } from '../auth';
import { ledgerEntrySchema, STAFF_CREDIT_MAX_CENTS } from '../billing';
import { billingDetailsSchema } from '../tax';
import { staffReasonSchema } from './servers';

/** The list's quick filters; the staff home's tiles link to them (/admin/customers?filter=...). */
export const customerFilters = ['has_servers', 'dunning', 'suspended', 'staff'] as const;
export type CustomerFilter = (typeof customerFilters)[number];

export const customerSorts = ['created_desc', 'created_asc', 'email_asc', 'name_asc'] as const;
export type CustomerSort = (typeof customerSorts)[number];

export const customerFilterLabels: Record<CustomerFilter, string> = {
  has_servers: 'Has servers',
  dunning: 'In dunning',
  suspended: 'Suspended',
  staff: 'Staff',
};

export const customerSortLabels: Record<CustomerSort, string> = {
  created_desc: 'Newest first',
  created_asc: 'Oldest first',
  email_asc: 'Email A–Z',
  name_asc: 'Name A–Z',
};

const day = daySchema('Use a date like 2030-01-31');

/** GET /api/admin/customers: the same query names as the page URL, plus pageSize. */
export const customerListQuerySchema = z.object({
  q: z.string().trim().max(200, 'Search is too long').optional(),
  filter: z.enum(customerFilters, 'Choose has_servers, dunning, suspended or staff').optional(),
  since: day.optional(),
  sort: z.enum(customerSorts, 'Choose created_desc, created_asc, email_asc or name_asc').default('created_desc'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type CustomerListQuery = z.infer<typeof customerListQuerySchema>;

export const customerSummarySchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(roles),
  emailVerified: z.boolean(),
  twoFactorEnabled: z.boolean(),
  suspendedAt: z.string().nullable(),
  referralCode: z.string(),
  /** Servers not deleted or cancelled. */
  serverCount: z.number().int(),
  /** A renewal of theirs failed and is being retried (dunning). */
  inDunning: z.boolean(),
  createdAt: z.string(),
});
export type CustomerSummary = z.infer<typeof customerSummarySchema>;

export const customerListSchema = z.object({
  items: z.array(customerSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type CustomerList = z.infer<typeof customerListSchema>;

const sessionSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});

const serverSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.string(),
  game: z.string(),
  planName: z.string(),
  location: z.string(),
  suspendedBy: z.enum(['account', 'staff']).nullable(),
  renewsAt: z.string(),
  createdAt: z.string(),
});

const orderSchema = z.object({
  id: z.string(),
  planName: z.string(),
  kind: z.string(),
  status: z.string(),
  currency: z.string(),
  totalCents: z.number().int(),
  provider: z.string(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});

const invoiceSchema = z.object({
  id: z.string(),
  number: z.string(),
  status: z.string(),
  currency: z.string(),
  totalCents: z.number().int(),
  issuedAt: z.string(),
});

const ticketSchema = z.object({
  id: z.string(),
  subject: z.string(),
  status: z.string(),
  priority: z.string(),
  updatedAt: z.string(),
});

const personSchema = z.object({ id: z.string(), email: z.string(), name: z.string(), createdAt: z.string() });

const activitySchema = z.object({ id: z.string(), kind: z.string(), message: z.string(), createdAt: z.string() });

const staffActionSchema = z.object({
  id: z.string(),
  action: z.string(),
  actorEmail: z.string(),
  reason: z.string().nullable(),
  createdAt: z.string(),
});

export const customerLedgerEntrySchema = ledgerEntrySchema.extend({ createdByEmail: z.string().nullable() });

/** GET /api/admin/customers/:id: everything the customer page shows. */
export const customerDetailSchema = z.object({
  profile: customerSummarySchema.extend({
    firstName: z.string(),
    lastName: z.string(),
    emailVerifiedAt: z.string().nullable(),
    suspendedReason: z.string().nullable(),
    updatedAt: z.string(),
  }),
  /** Who their invoices are made out to (Settings → Billing details); null until they gave them. Read-only for staff. */
  billingDetails: billingDetailsSchema.nullable(),
  sessions: z.array(sessionSchema),
  servers: z.array(serverSchema),
  orders: z.array(orderSchema),
  invoices: z.array(invoiceSchema),
  credit: z.object({ balanceCents: z.number().int(), currency: z.string(), entries: z.array(customerLedgerEntrySchema) }),
  tickets: z.array(ticketSchema),
  referrals: z.object({
    referredBy: personSchema.nullable(),
    referred: z.array(personSchema),
    referredCount: z.number().int(),
  }),
  activity: z.array(activitySchema),
  /** What staff did to this account; only for roles that may read the audit log, else null. */
  staffActions: z.array(staffActionSchema).nullable(),
});
export type CustomerDetail = z.infer<typeof customerDetailSchema>;

/** A staff adjustment, positive to give credit, negative to take it back; the reason is shown on the ledger. */
export const customerCreditAdjustSchema = z.object({
  amountCents: z
    .number("Enter an amount in the shop currency's minor unit")
    .int("Enter a whole number of the shop currency's minor unit (cents; yen have none)")
    .refine((n) => n !== 0, 'The amount cannot be zero')
    .refine((n) => Math.abs(n) <= STAFF_CREDIT_MAX_CENTS, 'The amount is too large'),
  reason: staffReasonSchema,
});
export type CustomerCreditAdjustInput = z.infer<typeof customerCreditAdjustSchema>;

export const customerCreditSchema = z.object({ balanceCents: z.number().int(), currency: z.string(), entries: z.array(customerLedgerEntrySchema) });
export type CustomerCredit = z.infer<typeof customerCreditSchema>;
export const customerCreditResponseSchema = customerCreditSchema.extend({ entry: customerLedgerEntrySchema });
export type CustomerCreditResponse = z.infer<typeof customerCreditResponseSchema>;

/** Actions that touch access take a reason; it goes to the audit log. */
export const customerReasonSchema = z.object({ reason: staffReasonSchema });
export type CustomerReasonInput = z.infer<typeof customerReasonSchema>;

/** POST /api/admin/customers/:id/vat-id/verify: the VAT ID the staff member checked by hand, and why (docs/decisions/033-vat-id-checks.md). */
export const customerVatIdVerifySchema = z.object({
  vatId: z.string('Give the VAT ID you checked').trim().min(1, 'Give the VAT ID you checked').max(40, 'That VAT ID is too long'),
  reason: staffReasonSchema,
});
export type CustomerVatIdVerifyInput = z.infer<typeof customerVatIdVerifySchema>;

/** A reason is optional for the help actions that only send an email. */
export const customerNoteSchema = z
  .object({ reason: z.string().trim().max(500, 'Please keep the reason under 500 characters').optional() })
  .nullish()
  .transform((body) => ({ reason: body?.reason || undefined }));

export const customerActionResponseSchema = z.object({ ok: z.literal(true), message: z.string() });
export type CustomerActionResponse = z.infer<typeof customerActionResponseSchema>;

export const viewAsResponseSchema = z.object({
  customerId: z.string(),
  customerEmail: z.string(),
  expiresAt: z.string(),
});
export type ViewAsResponse = z.infer<typeof viewAsResponseSchema>;

/** How long a "view as customer" lasts before it ends on its own. */
export const VIEW_AS_MINUTES = 60;

/** One email from the outbox, as staff see it on the customer page: never its body, which may hold a live sign-in link. */
export const customerEmailSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  status: z.enum(['queued', 'retrying', 'sent', 'failed']),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  attachments: z.array(z.string()),
  resendOf: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type CustomerEmail = z.infer<typeof customerEmailSchema>;

/** GET /api/admin/customers/:id/emails: the newest 100 emails sent to the customer. */
export const customerEmailListSchema = z.object({ emails: z.array(customerEmailSchema) });
export type CustomerEmailList = z.infer<typeof customerEmailListSchema>;
