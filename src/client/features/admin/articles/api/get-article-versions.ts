import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ArticleKind, ArticleVersion } from '../../../../../shared/schemas/articles';
import type { ContentLanguage } from '../../../../../shared/schemas/content';
import { api } from '../../../../lib/api-client';

export const articleVersionsQueryKey = (kind: ArticleKind, slug: string, language: ContentLanguage) => ['admin', 'articles', kind, slug, language, 'versions'] as const;

/** GET /api/admin/articles/:kind/:slug/:language/versions: the article's saved versions, newest first. */
export function getArticleVersions(kind: ArticleKind, slug: string, language: ContentLanguage) {
  return api<{ versions: ArticleVersion[] }>(`/admin/articles/${kind}/${slug}/${language}/versions`);
}

export function articleVersionsQueryOptions(kind: ArticleKind, slug: string, language: ContentLanguage) {
  return queryOptions({ queryKey: articleVersionsQueryKey(kind, slug, language), queryFn: () => getArticleVersions(kind, slug, language) });
}

export function useArticleVersions(kind: ArticleKind, slug: string, language: ContentLanguage) {
  return useQuery(articleVersionsQueryOptions(kind, slug, language));
}
