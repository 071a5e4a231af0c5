import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContentLanguage, ContentPageEdit, ContentSlug } from '../../../../../shared/schemas/content';
import { api } from '../../../../lib/api-client';

export const contentPageQueryKey = (slug: ContentSlug, language: ContentLanguage) => ['admin', 'content', 'pages', slug, language] as const;

/** GET /api/admin/content/pages/:slug: one page in one language, with every version. */
export function getContentPage(slug: ContentSlug, language: ContentLanguage) {
  return api<ContentPageEdit>(`/admin/content/pages/${slug}?lang=${encodeURIComponent(language)}`);
}

export function contentPageQueryOptions(slug: ContentSlug, language: ContentLanguage) {
  return queryOptions({ queryKey: contentPageQueryKey(slug, language), queryFn: () => getContentPage(slug, language) });
}

export function useContentPage(slug: ContentSlug, language: ContentLanguage) {
  return useQuery(contentPageQueryOptions(slug, language));
}
