import { ArrowLeft } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import type { ArticleView } from '../../../../shared/schemas/articles';
import { PageHeader } from '../../../components/ui/page-header';
import { BRAND } from '../../../lib/brand';
import { usePublicPath, useT } from '../../../lib/i18n';
import { useLongDate, usePublicContent } from '../api/use-public-content';
import { ArticleBody, LoadState } from './article-body';

/** /blog/:slug: one news post, rendered on the server from the Markdown staff wrote. */
export default function BlogPostPage() {
  const { slug = '' } = useParams();
  const t = useT();
  const publicPath = usePublicPath();
  const date = useLongDate();
  const post = usePublicContent<ArticleView>(`/news/${encodeURIComponent(slug)}`);
  const title = post.state === 'ready' ? post.data.title : undefined;
  useEffect(() => {
    if (title) document.title = `${title} | ${BRAND}`;
  }, [title]);
  return (
    <>
      <PageHeader eyebrow={t('news.title')} title={title ?? t('news.title')}>
        {post.state === 'ready' && post.data.publishedAt && (
          <p>
            <time dateTime={post.data.publishedAt}>{t('news.published', { date: date(post.data.publishedAt) })}</time>
          </p>
        )}
      </PageHeader>
      <div className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
        {post.state === 'ready' ? <ArticleBody article={post.data} /> : <LoadState state={post.state} />}
        <Link to={publicPath('/blog')} className="mt-10 inline-flex items-center gap-2 text-sm font-semibold text-accent hover:underline">
          <ArrowLeft className="h-4 w-4" aria-hidden="true" />
          {t('news.back')}
        </Link>
      </div>
    </>
  );
}
