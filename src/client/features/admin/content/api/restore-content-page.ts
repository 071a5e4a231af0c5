import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContentLanguage, ContentSlug, ContentVersion } from '../../../../../shared/schemas/content';
import { api } from '../../../../lib/api-client';
import { contentPagesQueryKey } from './get-content-pages';

/** POST /api/admin/content/pages/:slug/restore: publishes an older version again, as a new one. */
export function restoreContentPage(slug: ContentSlug, input: { language: ContentLanguage; version: number }) {
  return api<ContentVersion>(`/admin/content/pages/${slug}/restore`, { method: 'POST', body: input });
}

export function useRestoreContentPage(slug: ContentSlug) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { language: ContentLanguage; version: number }) => restoreContentPage(slug, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: contentPagesQueryKey }),
  });
}
