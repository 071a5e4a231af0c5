import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { HelpCategory, HelpCategoryInput } from '../../../../../shared/schemas/articles';
import { api } from '../../../../lib/api-client';

/** PUT /api/admin/help-categories: creates or renames a help category. */
export function saveCategory(input: HelpCategoryInput) {
  return api<HelpCategory>('/admin/help-categories', { method: 'PUT', body: input });
}

export function useSaveCategory() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveCategory, onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'articles', 'help'] }) });
}
