import { z } from 'zod';
import { namespaces } from '../i18n/keys';
import { locales } from '../i18n/locales';

export const localeSchema = z.enum(locales, `Choose one of ${locales.join(', ')}`);

/** PUT /api/i18n/language: the picker's choice. */
export const languageChoiceSchema = z.object({ locale: localeSchema });

export const messagesParams = z.object({ locale: localeSchema, namespace: z.enum(namespaces) });

/** One message in one language, as the console's translations area lists it. */
export const translationRowSchema = z.object({
  key: z.string(),
  namespace: z.enum(namespaces),
  /** The shipped English text, for reference. */
  english: z.string(),
  /** The shipped text in this language. */
  shipped: z.string(),
  /** Staff's text, which wins over the shipped one; null when there is none. */
  override: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type TranslationRow = z.infer<typeof translationRowSchema>;

export const translationListSchema = z.object({
  locale: localeSchema,
  defaultLocale: localeSchema,
  rows: z.array(translationRowSchema),
});
export type TranslationList = z.infer<typeof translationListSchema>;

export const translationParams = z.object({ locale: localeSchema, key: z.string().min(1).max(200) });

export const translationSaveSchema = z.object({
  message: z.string().trim().min(1, 'Write the text, or reset the message to the shipped text').max(2000, 'Keep it under 2,000 characters'),
});

export const defaultLanguageSchema = z.object({
  defaultLocale: localeSchema,
  reason: z.string().trim().max(500).default(''),
});
export type DefaultLanguageInput = z.input<typeof defaultLanguageSchema>;

export const defaultLanguageViewSchema = z.object({ defaultLocale: localeSchema });

export const translationSavedSchema = z.object({ key: z.string(), locale: localeSchema, message: z.string(), updatedAt: z.string() });
