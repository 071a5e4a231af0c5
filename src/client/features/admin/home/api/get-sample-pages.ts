import { useQuery } from '@tanstack/react-query';
import type { ContentPageSummary } from '../../../../../shared/schemas/content';
import { api } from '../../../../lib/api-client';

/** GET /api/admin/content/pages, for the staff home's list of pages still showing sample text in some language. */
export function useSamplePages(enabled: boolean) {
  return useQuery({
    // The same key as the Pages section's list, so a save there refreshes this too.
    queryKey: ['admin', 'content', 'pages'],
    queryFn: () => api<{ pages: ContentPageSummary[] }>('/admin/content/pages'),
    enabled,
    select: (data) => data.pages.filter((p) => p.sampleLanguages.length > 0),
  });
}
