import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminArticle, ArticleKind, ArticleRestore } from '../../../../../shared/schemas/articles';
import type { ContentLanguage } from '../../../../../shared/schemas/content';
import { api } from '../../../../lib/api-client';

interface Target {
  kind: ArticleKind;
  slug: string;
  language: ContentLanguage;
}

/** POST /api/admin/articles/:kind/:slug/:language/restore: makes an earlier version the article again, as a new version. */
export function restoreArticle(target: Target, input: ArticleRestore) {
  return api<AdminArticle>(`/admin/articles/${target.kind}/${target.slug}/${target.language}/restore`, { method: 'POST', body: input });
}

export function useRestoreArticle(target: Target) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ArticleRestore) => restoreArticle(target, input),
    // The list and this article's history (both under ['admin', 'articles', kind]).
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'articles', target.kind] }),
  });
}
