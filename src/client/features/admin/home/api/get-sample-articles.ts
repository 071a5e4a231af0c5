import { useQueries } from '@tanstack/react-query';
import type { AdminArticle, ArticleKind } from '../../../../../shared/schemas/articles';
import { api } from '../../../../lib/api-client';

const kinds: ArticleKind[] = ['news', 'help'];

/** The news posts and help articles still published with the sample text, in every language (decision 079), for the staff home. */
export function useSampleArticles(enabled: boolean): AdminArticle[] {
  const results = useQueries({
    queries: kinds.map((kind) => ({
      // The same key as Console → News / Help centre, so a save there refreshes this too.
      queryKey: ['admin', 'articles', kind],
      queryFn: () => api<{ articles: AdminArticle[] }>(`/admin/articles/${kind}`),
      enabled,
    })),
  });
  return results.flatMap((r) => (r.data?.articles ?? []).filter((a) => a.sample && a.status === 'published'));
}
