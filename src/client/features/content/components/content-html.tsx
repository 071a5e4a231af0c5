import type { ContentSlug } from '../../../../shared/schemas/content';
import { usePageContent } from '../../../lib/page-content';

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
  const message = missing
    ? 'This page has not been published yet.'
    : failed
      ? 'This page could not be loaded. Reload to try again.'
      : 'Loading…';
  return (
    <div className="mx-auto max-w-3xl px-4 py-20 text-center text-muted" role={missing || failed ? 'alert' : 'status'}>
      {message}
    </div>
  );
}

const updatedFormat = new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' });

export function formatUpdated(iso: string): string {
  return updatedFormat.format(new Date(iso));
}
