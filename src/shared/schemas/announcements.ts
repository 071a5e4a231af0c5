import { z } from 'zod';
import { locales } from '../i18n/locales';
import { dateTimeSchema } from './dates';

/** Dashboard announcements staff write (features/content, decision 064). */
export const announcementSeverities = ['info', 'warning', 'critical'] as const;
export type AnnouncementSeverity = (typeof announcementSeverities)[number];
export const announcementSeverityLabels: Record<AnnouncementSeverity, string> = { info: 'Information', warning: 'Warning', critical: 'Critical' };

export const announcementFormats = ['markdown', 'plain'] as const;
export type AnnouncementFormat = (typeof announcementFormats)[number];

/** Who sees it: every signed-in customer, or those with a live server of one of the games, or in one of the locations. */
export const announcementTargets = ['all', 'game', 'location'] as const;
export type AnnouncementTarget = (typeof announcementTargets)[number];

const value = z.string().trim().min(1).max(60);

const titleSchema = z.string().trim().min(3, 'Write a title of at least 3 characters').max(120, 'The title is at most 120 characters');
const bodySchema = z.string().trim().min(1, 'Write the text customers will read').max(4000, 'The text is at most 4,000 characters');

/** The announcement in one more language: both fields, or neither (the language is then left out). */
export const announcementTranslationSchema = z.object({ title: titleSchema, body: bodySchema });
export type AnnouncementTranslation = z.infer<typeof announcementTranslationSchema>;
/** Readers of a language listed here see its text; everyone else sees the main title and text. */
export const announcementTranslationsSchema = z.partialRecord(z.enum(locales), announcementTranslationSchema);
export type AnnouncementTranslations = z.infer<typeof announcementTranslationsSchema>;

export const announcementInputSchema = z
  .object({
    title: titleSchema,
    body: bodySchema,
    translations: announcementTranslationsSchema.default({}),
    format: z.enum(announcementFormats).default('markdown'),
    severity: z.enum(announcementSeverities).default('info'),
    startsAt: dateTimeSchema('Choose when it starts'),
    endsAt: dateTimeSchema('Choose when it ends').nullable().default(null),
    target: z.enum(announcementTargets).default('all'),
    /** The games or locations of `target`; empty for 'all'. */
    targetValues: z.array(value).max(50).default([]),
    /** Why it is posted or changed, for the audit log. */
    reason: z.string().trim().min(3, 'Say why (kept in the audit log)').max(500),
  })
  .superRefine((v, ctx) => {
    if (v.endsAt && Date.parse(v.endsAt) <= Date.parse(v.startsAt)) ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'The end must be after the start' });
    if (v.target !== 'all' && v.targetValues.length === 0)
      ctx.addIssue({ code: 'custom', path: ['targetValues'], message: v.target === 'game' ? 'Choose at least one game' : 'Choose at least one location' });
    if (v.target === 'all' && v.targetValues.length > 0) ctx.addIssue({ code: 'custom', path: ['targetValues'], message: 'An announcement to everyone names no game or location' });
  });
export type AnnouncementInput = z.input<typeof announcementInputSchema>;

export const announcementIdParams = z.object({ id: z.uuid() });
export const announcementReasonSchema = z.object({ reason: z.string().trim().min(3, 'Say why (kept in the audit log)').max(500) });

export const adminAnnouncementSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  body: z.string(),
  format: z.enum(announcementFormats),
  severity: z.enum(announcementSeverities),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  target: z.enum(announcementTargets),
  targetValues: z.array(z.string()),
  translations: announcementTranslationsSchema,
  /** 'scheduled' before its start, 'live' while shown, 'ended' after its end. */
  state: z.enum(['scheduled', 'live', 'ended']),
  dismissals: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  authorEmail: z.string().nullable(),
});
export type AdminAnnouncement = z.infer<typeof adminAnnouncementSchema>;
export const adminAnnouncementListSchema = z.object({ announcements: z.array(adminAnnouncementSchema) });

/** What a customer's dashboard shows: the body already rendered to safe HTML on the server. */
export const customerAnnouncementSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  html: z.string(),
  severity: z.enum(announcementSeverities),
  startsAt: z.string(),
});
export type CustomerAnnouncement = z.infer<typeof customerAnnouncementSchema>;
/** GET /api/announcements?lang=de: the page's language, so each banner comes in it where staff wrote it. */
export const customerAnnouncementQuerySchema = z.object({ lang: z.string().max(10).optional() });
export const customerAnnouncementListSchema = z.object({ announcements: z.array(customerAnnouncementSchema) });
