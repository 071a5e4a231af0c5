import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminArticle, ArticleInput } from '../../../../../shared/schemas/articles';
import { api } from '../../../../lib/api-client';

/** PUT /api/admin/articles: creates or changes the article at its kind, address and language. */
export function saveArticle(input: ArticleInput) {
  return api<AdminArticle>('/admin/articles', { method: 'PUT', body: input });
}

export function useSaveArticle() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveArticle, onSettled: (_d, _e, input) => queryClient.invalidateQueries({ queryKey: ['admin', 'articles', input.kind] }) });
}
