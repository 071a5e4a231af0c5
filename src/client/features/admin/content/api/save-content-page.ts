import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContentSaveInput, ContentSlug, ContentVersion } from '../../../../../shared/schemas/content';
import { api } from '../../../../lib/api-client';
import { contentPagesQueryKey } from './get-content-pages';

/** POST /api/admin/content/pages/:slug/versions: saves the text as a new version and publishes it. */
export function saveContentPage(slug: ContentSlug, input: ContentSaveInput) {
  return api<ContentVersion>(`/admin/content/pages/${slug}/versions`, { method: 'POST', body: input });
}

export function useSaveContentPage(slug: ContentSlug) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ContentSaveInput) => saveContentPage(slug, input),
    // The page's versions (every language: fallbacks change too) and the list's sample flags.
    onSettled: () => queryClient.invalidateQueries({ queryKey: contentPagesQueryKey }),
  });
}
