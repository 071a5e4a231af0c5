import { z } from 'zod';
import { dateTimeSchema } from './dates';

/** What one check saw: up, degraded (answering, but impaired) or down. */
export const statusComponentStates = ['up', 'degraded', 'down'] as const;
export type StatusComponentState = (typeof statusComponentStates)[number];
/** A day's bar: the worst check of the day, or 'none' when nothing was checked that day. */
export type StatusDayState = StatusComponentState | 'none';

export const statusIncidentKinds = ['incident', 'maintenance'] as const;
export type StatusIncidentKind = (typeof statusIncidentKinds)[number];
export const statusIncidentStates = ['investigating', 'identified', 'monitoring', 'resolved', 'scheduled', 'in_progress', 'completed'] as const;
export type StatusIncidentState = (typeof statusIncidentStates)[number];
export const incidentStates = ['investigating', 'identified', 'monitoring', 'resolved'] as const;
export const maintenanceStates = ['scheduled', 'in_progress', 'completed'] as const;

export const statusIncidentStateLabels: Record<StatusIncidentState, string> = {
  investigating: 'Investigating',
  identified: 'Identified',
  monitoring: 'Monitoring',
  resolved: 'Resolved',
  scheduled: 'Scheduled maintenance',
  in_progress: 'Maintenance in progress',
  completed: 'Maintenance completed',
};

/** Whether a state closes the incident or notice. */
export function isClosedState(state: StatusIncidentState): boolean {
  return state === 'resolved' || state === 'completed';
}

const dayBar = z.object({ day: z.string(), state: z.enum(['up', 'degraded', 'down', 'none']) });

export const statusComponentSchema = z.object({
  id: z.string(),
  label: z.string(),
  location: z.string().nullable(),
  /** null: never checked. */
  state: z.enum(statusComponentStates).nullable(),
  checkedAt: z.string().nullable(),
  /** Percent over the days with checks, from the checks themselves; null when there are none ("No data yet"). */
  uptime: z.number().nullable(),
  days: z.array(dayBar),
});
export type StatusComponent = z.infer<typeof statusComponentSchema>;

export const statusIncidentUpdateSchema = z.object({
  id: z.string(),
  state: z.enum(statusIncidentStates),
  message: z.string(),
  createdAt: z.string(),
});

export const statusIncidentSchema = z.object({
  id: z.string(),
  kind: z.enum(statusIncidentKinds),
  title: z.string(),
  state: z.enum(statusIncidentStates),
  components: z.array(z.string()),
  locations: z.array(z.string()),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
  notified: z.number().int(),
  updates: z.array(statusIncidentUpdateSchema),
});
export type StatusIncident = z.infer<typeof statusIncidentSchema>;

/** What staff see of a notice: also whether its customers' emails are still going out (decision 074). */
export const adminIncidentSchema = statusIncidentSchema.extend({ emailing: z.boolean() });
export type AdminIncident = z.infer<typeof adminIncidentSchema>;

export const publicStatusSchema = z.object({
  /** The worst current state of any checked component; null when nothing was checked yet. */
  overall: z.enum(statusComponentStates).nullable(),
  generatedAt: z.string(),
  components: z.array(statusComponentSchema),
  /** Open incidents and maintenance, then those closed in the last 14 days. */
  incidents: z.array(statusIncidentSchema),
  /** The catalog's name of each location (id → label), hidden ones too: a node's and a notice's location is shown by it. */
  locationNames: z.record(z.string(), z.string()),
});
export type PublicStatus = z.infer<typeof publicStatusSchema>;

const title = z.string().trim().min(3, 'Give it a title of at least 3 characters.').max(140, 'Keep the title under 140 characters.');
const message = z.string().trim().min(3, 'Write a message for customers.').max(5000, 'Keep the message under 5,000 characters.');
const names = z.array(z.string().trim().min(1).max(100)).max(50);

export const incidentCreateSchema = z
  .object({
    kind: z.enum(statusIncidentKinds),
    title,
    message,
    state: z.enum(statusIncidentStates),
    components: names.default([]),
    locations: names.default([]),
    startsAt: dateTimeSchema('Choose when it starts').nullable().default(null),
    endsAt: dateTimeSchema('Choose when it ends').nullable().default(null),
    /** Why it is posted, for the audit log (customers are emailed). */
    reason: z.string().trim().min(3, 'Say why this is posted (for the audit log).').max(500),
  })
  .superRefine((v, ctx) => {
    const allowed: readonly string[] = v.kind === 'incident' ? incidentStates : maintenanceStates;
    if (!allowed.includes(v.state)) ctx.addIssue({ code: 'custom', path: ['state'], message: `A ${v.kind} cannot be '${v.state}'.` });
    if (v.components.length === 0 && v.locations.length === 0)
      ctx.addIssue({ code: 'custom', path: ['components'], message: 'Choose at least one affected component or location.' });
    if (v.kind === 'maintenance') {
      if (!v.startsAt || !v.endsAt) ctx.addIssue({ code: 'custom', path: ['startsAt'], message: 'Maintenance needs a start and an end.' });
      else if (Date.parse(v.endsAt) <= Date.parse(v.startsAt)) ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'The end must be after the start.' });
    }
  });
export type IncidentCreate = z.infer<typeof incidentCreateSchema>;

export const incidentUpdateSchema = z.object({
  state: z.enum(statusIncidentStates),
  message,
  reason: z.string().trim().max(500).optional(),
});
export type IncidentUpdate = z.infer<typeof incidentUpdateSchema>;

export const incidentIdParams = z.object({ id: z.uuid() });
export const adminIncidentListSchema = z.object({ incidents: z.array(adminIncidentSchema) });
