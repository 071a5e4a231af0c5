import { useQuery } from '@tanstack/react-query';
import type { HelpIndex } from '../../../../shared/schemas/articles';
import { api } from '../../../lib/api-client';
import { useLocale } from '../../../lib/i18n';

/** GET /api/help: the help centre's topics and articles, in the page's language. */
export function useHelpIndex() {
  const locale = useLocale();
  return useQuery({ queryKey: ['help', locale], queryFn: ({ signal }) => api<HelpIndex>(`/help?lang=${encodeURIComponent(locale)}`, { signal }), staleTime: 5 * 60_000 });
}
