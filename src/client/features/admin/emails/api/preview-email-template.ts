import { useMutation } from '@tanstack/react-query';
import type { Locale } from '../../../../../shared/i18n/locales';
import type { EmailPreview, EmailTemplateText } from '../../../../../shared/schemas/email-templates';
import { api } from '../../../../lib/api-client';

/** POST /api/admin/email-templates/:locale/:id/preview: the email rendered with sample values; nothing is saved. */
export function previewEmailTemplate(input: { locale: Locale; id: string; text: EmailTemplateText }) {
  return api<EmailPreview>(`/admin/email-templates/${encodeURIComponent(input.locale)}/${encodeURIComponent(input.id)}/preview`, { method: 'POST', body: input.text });
}

export function usePreviewEmailTemplate() {
  return useMutation({ mutationFn: previewEmailTemplate });
}
