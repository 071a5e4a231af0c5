import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminArticle, ArticleKind, HelpCategory } from '../../../../../shared/schemas/articles';
import { api } from '../../../../lib/api-client';

export const adminArticlesKey = (kind: ArticleKind) => ['admin', 'articles', kind] as const;

export function getAdminArticles(kind: ArticleKind, signal?: AbortSignal) {
  return api<{ articles: AdminArticle[]; categories: HelpCategory[] }>(`/admin/articles/${kind}`, { signal });
}

export function useAdminArticles(kind: ArticleKind, enabled = true) {
  return useQuery(queryOptions({ queryKey: adminArticlesKey(kind), queryFn: ({ signal }) => getAdminArticles(kind, signal), enabled }));
}
