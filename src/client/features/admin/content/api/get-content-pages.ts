import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContentPageSummary } from '../../../../../shared/schemas/content';
import { api } from '../../../../lib/api-client';

export const contentPagesQueryKey = ['admin', 'content', 'pages'] as const;

/** GET /api/admin/content/pages: the editable pages, and whether each still shows the sample text. */
export function getContentPages() {
  return api<{ pages: ContentPageSummary[] }>('/admin/content/pages');
}

export function contentPagesQueryOptions() {
  return queryOptions({ queryKey: contentPagesQueryKey, queryFn: getContentPages });
}

export function useContentPages(enabled = true) {
  return useQuery({ ...contentPagesQueryOptions(), enabled });
}
