import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Locale } from '../../../../../shared/i18n/locales';
import type { EmailTemplateList } from '../../../../../shared/schemas/email-templates';
import { api } from '../../../../lib/api-client';

export const emailTemplatesQueryKey = (locale: Locale) => ['admin', 'email-templates', locale] as const;

/** GET /api/admin/email-templates/:locale: every email's shipped text, staff's edit and its variables. */
export function getEmailTemplates(locale: Locale) {
  return api<EmailTemplateList>(`/admin/email-templates/${encodeURIComponent(locale)}`);
}

export function emailTemplatesQueryOptions(locale: Locale) {
  return queryOptions({ queryKey: emailTemplatesQueryKey(locale), queryFn: () => getEmailTemplates(locale) });
}

export function useEmailTemplates(locale: Locale) {
  return useQuery(emailTemplatesQueryOptions(locale));
}
