import { ArrowRight } from 'lucide-react';
import type { ArticleSummary } from '../../../../shared/schemas/articles';
import { PageHeader } from '../../../components/ui/page-header';
import { useT } from '../../../lib/i18n';
import { useLongDate, usePublicContent } from '../api/use-public-content';
import { LoadState } from './article-body';
import { ArticleLink } from './article-link';

/** /blog: the news staff publish in Console → News, newest first. */
export default function BlogPage() {
  const t = useT();
  const date = useLongDate();
  const posts = usePublicContent<{ articles: ArticleSummary[] }>('/news');
  return (
    <>
      <PageHeader title={t('news.title')}>
        <p>{t('news.intro')}</p>
      </PageHeader>
      <div className="mx-auto max-w-5xl px-4 py-12 sm:py-16">
        {posts.state !== 'ready' ? (
          <LoadState state={posts.state === 'missing' ? 'failed' : posts.state} />
        ) : posts.data.articles.length === 0 ? (
          <p className="text-center text-muted">{t('news.empty')}</p>
        ) : (
          <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {posts.data.articles.map((post) => (
              <li key={post.slug}>
                <article className="flex h-full flex-col rounded-2xl border border-line bg-surface p-6 transition-colors hover:border-accent/50">
                  <h2 className="text-xl font-bold leading-snug text-ink">
                    <ArticleLink base="/blog" article={post} className="hover:text-accent">
                      {post.title}
                    </ArticleLink>
                  </h2>
                  {post.publishedAt && (
                    <p className="mt-2 text-xs text-muted">
                      <time dateTime={post.publishedAt}>{t('news.published', { date: date(post.publishedAt) })}</time>
                    </p>
                  )}
                  <p className="mt-3 flex-1 text-sm leading-relaxed text-muted">{post.summary}</p>
                  <ArticleLink base="/blog" article={post} className="mt-5 inline-flex items-center gap-1.5 text-sm font-semibold text-accent hover:underline">
                    {t('news.readMore', { title: post.title })}
                    <ArrowRight className="h-4 w-4" aria-hidden="true" />
                  </ArticleLink>
                </article>
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
