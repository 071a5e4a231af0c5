import { ArrowLeft } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import type { ArticleView } from '../../../../shared/schemas/articles';
import { PageHeader } from '../../../components/ui/page-header';
import { BRAND } from '../../../lib/brand';
import { usePublicPath, useT } from '../../../lib/i18n';
import { usePublicContent } from '../api/use-public-content';
import { ArticleBody, LoadState } from './article-body';

/** /help/:slug: one help article, rendered on the server from the Markdown staff wrote. */
export default function HelpArticlePage() {
  const { slug = '' } = useParams();
  const t = useT();
  const publicPath = usePublicPath();
  const article = usePublicContent<ArticleView>(`/help/articles/${encodeURIComponent(slug)}`);
  const title = article.state === 'ready' ? article.data.title : undefined;
  useEffect(() => {
    if (title) document.title = `${title} | ${BRAND}`;
  }, [title]);
  return (
    <>
      <PageHeader eyebrow={t('help.title')} title={title ?? t('help.title')}>
        {article.state === 'ready' && <p>{article.data.summary}</p>}
      </PageHeader>
      <div className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
        {article.state === 'ready' ? <ArticleBody article={article.data} /> : <LoadState state={article.state} />}
        <Link to={publicPath('/help')} className="mt-10 inline-flex items-center gap-2 text-sm font-semibold text-accent hover:underline">
          <ArrowLeft className="h-4 w-4" aria-hidden="true" />
          {t('help.back')}
        </Link>
      </div>
    </>
  );
}
