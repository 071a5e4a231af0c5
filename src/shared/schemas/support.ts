import { z } from 'zod';

/** The public contact form on /support. All four fields are required. */
export const contactSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(100, 'Name is too long'),
  email: z
    .string()
    .trim()
    .min(1, 'Email is required')
    .pipe(z.email('Enter a valid email address').max(254)),
  subject: z.string().trim().min(1, 'Subject is required').max(200, 'Subject is too long'),
  message: z.string().trim().min(1, 'Message is required').max(5000, 'Message is too long'),
});
export type ContactInput = z.infer<typeof contactSchema>;

export const ticketCategories = ['technical', 'billing', 'general'] as const;
export const ticketPriorities = ['low', 'medium', 'high'] as const;
export const ticketStatuses = ['open', 'pending', 'resolved'] as const;
export type TicketCategory = (typeof ticketCategories)[number];
export type TicketPriority = (typeof ticketPriorities)[number];
export type TicketStatus = (typeof ticketStatuses)[number];

export const TICKET_BODY_MAX = 10_000;

/**
 * The dashboard's New Ticket form and the body of POST /api/tickets (spec section 5): subject
 * required; category required, starting empty; priority defaults to medium; description required.
 * `serverId` optionally names one of the customer's servers; the server checks that it is theirs.
 */
export const ticketFormSchema = z.object({
  subject: z.string('Subject is required').trim().min(1, 'Subject is required').max(200, 'Subject is too long'),
  category: z.enum(ticketCategories, 'Please select a category'),
  priority: z.enum(ticketPriorities, 'Choose low, medium or high').default('medium'),
  description: z
    .string('Description is required')
    .trim()
    .min(1, 'Description is required')
    .max(TICKET_BODY_MAX, 'Description is too long'),
  serverId: z.uuid('Choose one of your servers').optional(),
});
export type TicketFormInput = z.input<typeof ticketFormSchema>;
export type NewTicket = z.output<typeof ticketFormSchema>;

export const ticketReplySchema = z.object({
  body: z.string('Write a reply first').trim().min(1, 'Write a reply first').max(TICKET_BODY_MAX, 'Reply is too long'),
});
export type TicketReplyInput = z.infer<typeof ticketReplySchema>;

export const ticketStatusUpdateSchema = z.object({
  status: z.enum(ticketStatuses, 'Choose open, pending or resolved'),
});
export type TicketStatusUpdate = z.infer<typeof ticketStatusUpdateSchema>;

/** GET /api/tickets and /api/admin/tickets: search over subject and message text, and filters. */
export const ticketListQuerySchema = z.object({
  q: z.string().trim().max(200, 'Search is too long').optional(),
  status: z.enum(ticketStatuses, 'Choose open, pending or resolved').optional(),
  priority: z.enum(ticketPriorities, 'Choose low, medium or high').optional(),
});
export type TicketFilters = z.infer<typeof ticketListQuerySchema>;

export const ticketSummarySchema = z.object({
  id: z.string(),
  /** The short reference shown to people: the first 8 characters of the id, upper-cased. */
  reference: z.string(),
  subject: z.string(),
  category: z.string(),
  priority: z.string(),
  status: z.string(),
  serverId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Replies from staff. */
  responses: z.number().int(),
});
export type TicketSummary = z.infer<typeof ticketSummarySchema>;

export const ticketMessageSchema = z.object({
  id: z.string(),
  authorKind: z.enum(['customer', 'staff', 'guest']),
  authorName: z.string(),
  body: z.string(),
  createdAt: z.string(),
});
export type TicketMessage = z.infer<typeof ticketMessageSchema>;

export const ticketDetailSchema = ticketSummarySchema.extend({
  server: z.object({ id: z.string(), name: z.string() }).nullable(),
  messages: z.array(ticketMessageSchema),
});
export type TicketDetail = z.infer<typeof ticketDetailSchema>;

/** Who opened a ticket, for staff: an account, or a guest of the public contact form. */
export const ticketRequesterSchema = z.object({
  kind: z.enum(['customer', 'guest']),
  name: z.string(),
  email: z.string(),
});

export const staffTicketSummarySchema = ticketSummarySchema.extend({
  requester: ticketRequesterSchema,
  /** The customer has priority support (an add-on or pack sold with it): listed first. */
  prioritySupport: z.boolean(),
});
export type StaffTicketSummary = z.infer<typeof staffTicketSummarySchema>;

export const staffTicketDetailSchema = ticketDetailSchema.extend({ requester: ticketRequesterSchema });
export type StaffTicketDetail = z.infer<typeof staffTicketDetailSchema>;

export function ticketReference(id: string): string {
  return id.slice(0, 8).toUpperCase();
}
