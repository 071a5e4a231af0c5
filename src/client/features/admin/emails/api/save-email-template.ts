import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Locale } from '../../../../../shared/i18n/locales';
import type { EmailTemplateList, EmailTemplateText } from '../../../../../shared/schemas/email-templates';
import { api } from '../../../../lib/api-client';
import { emailTemplatesQueryKey } from './get-email-templates';

interface Target {
  locale: Locale;
  id: string;
}

const path = ({ locale, id }: Target) => `/admin/email-templates/${encodeURIComponent(locale)}/${encodeURIComponent(id)}`;

/** PUT /api/admin/email-templates/:locale/:id: staff's subject, body and button, which win over the shipped text. */
export function saveEmailTemplate(input: Target & { text: EmailTemplateText }) {
  return api<EmailTemplateList>(path(input), { method: 'PUT', body: input.text });
}

/** DELETE /api/admin/email-templates/:locale/:id: back to the shipped text. */
export function resetEmailTemplate(input: Target) {
  return api(path(input), { method: 'DELETE' });
}

export function useSaveEmailTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveEmailTemplate,
    onSettled: (_data, _error, input) => queryClient.invalidateQueries({ queryKey: emailTemplatesQueryKey(input.locale) }),
  });
}

export function useResetEmailTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetEmailTemplate,
    onSettled: (_data, _error, input) => queryClient.invalidateQueries({ queryKey: emailTemplatesQueryKey(input.locale) }),
  });
}
