import { z } from 'zod';
import { powerActions } from '../servers';

/** The list's quick filters; the staff home's tiles link to them (/admin/servers?filter=...). */
export const adminServerFilters = ['failed', 'stuck_installing', 'suspended', 'due_for_deletion'] as const;
export type AdminServerFilter = (typeof adminServerFilters)[number];

export const adminServerStatuses = [
  'provisioning',
  'installing',
  'online',
  'offline',
  'starting',
  'stopping',
  'suspended',
  'failed',
  'cancelled',
] as const;
export type AdminServerStatus = (typeof adminServerStatuses)[number];

/** A server installing (or still being created) longer than this is shown as stuck. */
export const STUCK_INSTALLING_MINUTES = 10;

export const adminServerListQuerySchema = z.object({
  filter: z.enum(adminServerFilters, 'Choose failed, stuck_installing, suspended or due_for_deletion').optional(),
  status: z.enum(adminServerStatuses, 'Choose a server status').optional(),
  game: z.string().trim().max(60).optional(),
  location: z.string().trim().max(60).optional(),
  q: z.string().trim().max(200, 'Search is too long').optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type AdminServerListQuery = z.infer<typeof adminServerListQuerySchema>;

export const adminServerSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(adminServerStatuses),
  game: z.string(),
  gameName: z.string(),
  planName: z.string(),
  location: z.string(),
  locationLabel: z.string(),
  owner: z.object({ id: z.string(), email: z.string() }),
  panelServerId: z.string().nullable(),
  suspendedBy: z.enum(['account', 'staff']).nullable(),
  provisioningAttempts: z.number().int(),
  /** When the panel server is deleted: the end of dunning, or of a cancelled period. */
  deletesAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminServerSummary = z.infer<typeof adminServerSummarySchema>;

export const adminServerListSchema = z.object({
  items: z.array(adminServerSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminServerList = z.infer<typeof adminServerListSchema>;

export const adminServerRenewalSchema = z.object({
  status: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  attempts: z.number().int(),
  nextAttemptAt: z.string().nullable(),
  lastError: z.string().nullable(),
  suspendedAt: z.string().nullable(),
});

export const adminServerDetailSchema = adminServerSummarySchema.extend({
  owner: z.object({ id: z.string(), email: z.string(), name: z.string() }),
  ramGb: z.number(),
  vcpu: z.number(),
  diskGb: z.number(),
  playerCap: z.number(),
  period: z.string(),
  renewsAt: z.string(),
  ip: z.string().nullable(),
  port: z.number().nullable(),
  panelIdentifier: z.string().nullable(),
  panelUrl: z.string().nullable(),
  /** What the customer reads. */
  failureReason: z.string().nullable(),
  /** The panel's own error on the last failed attempt: staff only. */
  provisioningError: z.string().nullable(),
  orderId: z.string(),
  orderStatus: z.string(),
  refunded: z.boolean(),
  /** A failed, unrefunded server is cleaned up and refunded at this time unless staff retry it. */
  refundDueAt: z.string().nullable(),
  renewal: adminServerRenewalSchema.nullable(),
  cancelAt: z.string().nullable(),
  deletedAt: z.string().nullable(),
  keptBackupId: z.string().nullable(),
  backupKeptUntil: z.string().nullable(),
  /** The latest software switch, with the panel's error (staff only) when it rolled back or failed. */
  softwareSwitch: z
    .object({
      status: z.string(),
      step: z.string(),
      from: z.string(),
      to: z.string(),
      reason: z.string().nullable(),
      error: z.string().nullable(),
      createdAt: z.string(),
      finishedAt: z.string().nullable(),
    })
    .nullable()
    .optional(),
});
export type AdminServerDetail = z.infer<typeof adminServerDetailSchema>;

/** Why staff touched a customer's service; stored in the audit log. */
export const staffReasonSchema = z
  .string('Please give a reason')
  .trim()
  .min(3, 'Please give a reason of at least 3 characters')
  .max(500, 'Please keep the reason under 500 characters');

export const serverActionReasonSchema = z.object({ reason: staffReasonSchema });
export type ServerActionReasonInput = z.infer<typeof serverActionReasonSchema>;

export const adminPowerSchema = z.object({ action: z.enum(powerActions), reason: staffReasonSchema });
export type AdminPowerInput = z.infer<typeof adminPowerSchema>;

export const deleteServerSchema = z.object({
  /** The server's name, typed again to confirm. */
  confirmName: z.string('Type the server name to confirm').trim().min(1, 'Type the server name to confirm').max(200),
  reason: staffReasonSchema,
});
export type DeleteServerInput = z.infer<typeof deleteServerSchema>;

export const adminServerResponseSchema = z.object({ server: adminServerDetailSchema });

export const simPanelSettingsSchema = z.object({
  /** False when a real panel (Pterodactyl, Pelican) is configured: the setting does nothing then. */
  simulated: z.boolean(),
  failNextInstalls: z.number().int(),
});
export type SimPanelSettings = z.infer<typeof simPanelSettingsSchema>;

export const updateSimPanelSchema = z.object({
  failNextInstalls: z
    .number('Enter a number of installs')
    .int('Enter a whole number')
    .min(0, 'The number cannot be negative')
    .max(100, 'At most 100 installs'),
});
export type UpdateSimPanelInput = z.infer<typeof updateSimPanelSchema>;

export const jobQueueCountsSchema = z.object({
  name: z.string(),
  label: z.string(),
  waiting: z.number().int(),
  active: z.number().int(),
  failed: z.number().int(),
  completedRecently: z.number().int(),
});

export const failedJobSchema = z.object({
  id: z.string(),
  queue: z.string(),
  error: z.string().nullable(),
  retryCount: z.number().int(),
  retryLimit: z.number().int(),
  data: z.record(z.string(), z.unknown()).nullable(),
  serverId: z.string().nullable(),
  createdAt: z.string(),
  failedAt: z.string().nullable(),
});
export type FailedJob = z.infer<typeof failedJobSchema>;

export const scheduledRenewalSchema = z.object({
  id: z.string(),
  serverId: z.string(),
  serverName: z.string(),
  ownerEmail: z.string(),
  status: z.string(),
  /** What the job does then: charge (or retry), suspend, delete, or end a cancelled service. */
  step: z.enum(['charge', 'suspend', 'terminate', 'cancel']),
  at: z.string(),
});

export const cronScheduleSchema = z.object({
  name: z.string(),
  label: z.string(),
  cron: z.string(),
  nextRunAt: z.string().nullable(),
});

export const jobsOverviewSchema = z.object({
  queues: z.array(jobQueueCountsSchema),
  failed: z.array(failedJobSchema),
  renewals: z.array(scheduledRenewalSchema),
  schedules: z.array(cronScheduleSchema),
});
export type JobsOverview = z.infer<typeof jobsOverviewSchema>;

/** Retry several failed set-ups at once (the servers list's selection), each audited with the one reason. */
export const bulkRetrySchema = z.object({
  serverIds: z
    .array(z.uuid('Choose servers from the list'))
    .min(1, 'Choose at least one server')
    .max(100, 'Retry at most 100 servers at once'),
  reason: staffReasonSchema,
});
export type BulkRetryInput = z.infer<typeof bulkRetrySchema>;

export const bulkRetryResultSchema = z.object({
  /** How many were set up again. */
  retried: z.number().int(),
  /** One line a server: retried, or why not (not failed any more, order refunded, panel did not answer). */
  results: z.array(z.object({ id: z.string(), name: z.string().nullable(), ok: z.boolean(), message: z.string().nullable() })),
});
export type BulkRetryResult = z.infer<typeof bulkRetryResultSchema>;
