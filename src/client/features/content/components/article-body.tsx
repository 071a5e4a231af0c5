import { Info } from 'lucide-react';
import type { ArticleView } from '../../../../shared/schemas/articles';
import { useT } from '../../../lib/i18n';
import { ContentHtml } from './content-html';

/** An article's text as the server rendered it, with a note when it is still the shipped sample. */
export function ArticleBody({ article }: { article: ArticleView }) {
  const t = useT();
  return (
    <>
      {article.sample && (
        <p className="mb-6 flex items-start gap-2 rounded-xl border border-warn/40 bg-warn/10 p-3 text-sm text-ink">
          <Info className="mt-0.5 h-4 w-4 shrink-0 text-warn" aria-hidden="true" />
          {t('article.sample')}
        </p>
      )}
      <ContentHtml html={article.html} />
    </>
  );
}

/** What an article page shows while it loads, or when there is nothing to show. */
export function LoadState({ state }: { state: 'loading' | 'missing' | 'failed' }) {
  const t = useT();
  const message = state === 'missing' ? t('article.notFound') : state === 'failed' ? t('article.failed') : t('article.loading');
  return (
    <p className="py-10 text-center text-muted" role={state === 'loading' ? 'status' : 'alert'}>
      {message}
    </p>
  );
}
