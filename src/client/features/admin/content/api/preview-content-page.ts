import { useMutation } from '@tanstack/react-query';
import type { ContentSaveInput, ContentSlug, RenderedPage } from '../../../../../shared/schemas/content';
import { api } from '../../../../lib/api-client';

/** POST /api/admin/content/pages/:slug/preview: the page as it would show, saving nothing. */
export function previewContentPage(slug: ContentSlug, input: ContentSaveInput) {
  return api<RenderedPage>(`/admin/content/pages/${slug}/preview`, { method: 'POST', body: input });
}

export function usePreviewContentPage(slug: ContentSlug) {
  return useMutation({ mutationFn: (input: ContentSaveInput) => previewContentPage(slug, input) });
}
