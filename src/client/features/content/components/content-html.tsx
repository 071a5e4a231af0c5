import type { ContentSlug } from '../../../../shared/schemas/content';
import { usePageContent } from '../../../lib/page-content';
import { currentLocale, useT } from '../../../lib/i18n';

/**
 * HTML the server rendered from Markdown staff wrote. It is safe to insert: the server escapes
 * raw HTML and refuses script links (server/features/content/markdown.ts).
 */
export function ContentHtml({ html, className = '' }: { html: string; className?: string }) {
  return <div className={`md-body ${className}`} dangerouslySetInnerHTML={{ __html: html }} />;
}

/** What a page shows while its text loads, or when it has none to show. */
export function ContentState({ slug }: { slug: ContentSlug }) {
  const { missing, failed } = usePageContent(slug);
  const t = useT();
  const message = missing ? t('content.notPublished') : failed ? t('content.loadFailed') : t('content.loading');
  return (
    <div className="mx-auto max-w-3xl px-4 py-20 text-center text-muted" role={missing || failed ? 'alert' : 'status'}>
      {message}
    </div>
  );
}

/** A page's last change, as the page's language writes a date ("26 November 2026", "26. November 2026"). */
export function formatUpdated(iso: string): string {
  return new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));
}
