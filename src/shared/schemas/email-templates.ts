import { z } from 'zod';
import { emailTemplateIds } from '../email-templates';
import { localeSchema } from './i18n';

export const emailTemplateParams = z.object({
  locale: localeSchema,
  id: z.enum(emailTemplateIds as [string, ...string[]], 'No email has this name'),
});

/** What staff write for one email in one language; the checks that need the template's variables run on the server. */
export const emailTemplateTextSchema = z.object({
  subject: z.string().trim().min(1, 'Write a subject').max(200, 'Keep the subject under 200 characters'),
  body: z.string().trim().min(1, 'Write the body').max(5000, 'Keep the body under 5,000 characters'),
  action: z.string().trim().max(60, 'Keep the button under 60 characters').optional(),
});
export type EmailTemplateText = z.infer<typeof emailTemplateTextSchema>;

const textsSchema = z.object({ subject: z.string(), body: z.string(), action: z.string().nullable() });

export const emailTemplateViewSchema = z.object({
  id: z.string(),
  label: z.string(),
  sentWhen: z.string(),
  hasAction: z.boolean(),
  variables: z.array(z.object({ name: z.string(), description: z.string(), sample: z.string(), required: z.boolean() })),
  shipped: textsSchema,
  current: textsSchema,
  edited: z.boolean(),
});
export type EmailTemplateView = z.infer<typeof emailTemplateViewSchema>;

export const emailTemplateListSchema = z.object({ locale: localeSchema, templates: z.array(emailTemplateViewSchema) });
export type EmailTemplateList = z.infer<typeof emailTemplateListSchema>;

export const emailPreviewSchema = z.object({ subject: z.string(), text: z.string(), html: z.string() });
export type EmailPreview = z.infer<typeof emailPreviewSchema>;
