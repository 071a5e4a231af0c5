import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ArticleKind } from '../../../../../shared/schemas/articles';
import { api } from '../../../../lib/api-client';

export function deleteArticle({ kind, slug, language }: { kind: ArticleKind; slug: string; language: string }) {
  return api<void>(`/admin/articles/${kind}/${encodeURIComponent(slug)}/${encodeURIComponent(language)}`, { method: 'DELETE' });
}

export function useDeleteArticle() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteArticle, onSettled: (_d, _e, v) => queryClient.invalidateQueries({ queryKey: ['admin', 'articles', v.kind] }) });
}
