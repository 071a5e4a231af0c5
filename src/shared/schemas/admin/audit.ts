import { z } from 'zod';
import { daySchema } from '../dates';

const dateOnly = daySchema('Use a date like 2030-01-31');

/** GET /api/admin/audit: every filter optional; `before` is the last seq of the previous page. */
export const auditListQuerySchema = z
  .object({
    actor: z.uuid('Choose a staff member from the list').optional(),
    action: z.string().trim().min(1).max(100).optional(),
    target: z.string().trim().min(1).max(200).optional(),
    from: dateOnly.optional(),
    to: dateOnly.optional(),
    before: z.coerce.number().int().min(1).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(50),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], message: 'The end date is before the start date' });
export type AuditListQuery = z.input<typeof auditListQuerySchema>;

export const auditRecordSchema = z.object({
  id: z.string(),
  seq: z.number().int(),
  actorId: z.string().nullable(),
  actorEmail: z.string(),
  actorRole: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  targetLabel: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  reason: z.string().nullable(),
  ip: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditRecord = z.infer<typeof auditRecordSchema>;

export const auditPageSchema = z.object({
  items: z.array(auditRecordSchema),
  /** Pass as `before` for the next (older) page; null on the last page. */
  nextBefore: z.number().int().nullable(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

export const auditActorSchema = z.object({ id: z.string(), email: z.string() });

export const auditFacetsSchema = z.object({
  actions: z.array(z.string()),
  /** Everyone who appears in the log as an actor, for the staff member filter. */
  actors: z.array(auditActorSchema),
});
export type AuditFacets = z.infer<typeof auditFacetsSchema>;
