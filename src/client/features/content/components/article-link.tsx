import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ArticleSummary } from '../../../../shared/schemas/articles';
import { localizePath } from '../../../../shared/i18n/locales';
import { usePublicPath, useLocale } from '../../../lib/i18n';

/**
 * A link to a news post or help article at its address in the language it is written in
 * (decision 070): in the page's language within the app; in another language (the default
 * language's text, shown where the page's has none) a page load under that language's prefix, as
 * a page's language is fixed for the load, and marked with its language for screen readers.
 */
export function ArticleLink({ base, article, className, children }: { base: '/help' | '/blog'; article: Pick<ArticleSummary, 'slug' | 'language'>; className?: string; children: ReactNode }) {
  const locale = useLocale();
  const publicPath = usePublicPath();
  const path = `${base}/${article.slug}`;
  if (article.language === locale) {
    return (
      <Link to={publicPath(path)} className={className}>
        {children}
      </Link>
    );
  }
  return (
    <a href={localizePath(path, article.language)} hrefLang={article.language} lang={article.language} className={className}>
      {children}
    </a>
  );
}
