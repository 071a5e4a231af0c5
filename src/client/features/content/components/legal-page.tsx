import { PageHeader } from '../../../components/ui/page-header';
import type { ContentSlug } from '../../../../shared/schemas/content';
import { usePageContent } from '../../../lib/page-content';
import { ContentHtml, ContentState, formatUpdated } from './content-html';
import { useT } from '../../../lib/i18n';

function numbered(index: number, title: string) {
  return `${index + 1}. ${title}`;
}

/** A legal page staff write in Markdown: numbered sections, each with an anchor, and a table of contents. */
export function LegalPage({ slug }: { slug: ContentSlug }) {
  const { page } = usePageContent(slug);
  const t = useT();
  if (!page) return <ContentState slug={slug} />;
  return (
    <>
      <PageHeader eyebrow={t('content.legal')} title={page.title}>
        <ContentHtml html={page.introHtml} />
      </PageHeader>
      <div className="mx-auto max-w-5xl px-4 py-12 sm:py-16">
        {page.updatedAt && (
          <p className="mb-8 text-sm text-muted">
            {t('content.lastUpdated')} <span className="font-semibold text-ink">{formatUpdated(page.updatedAt)}</span>
          </p>
        )}
        <div className="grid gap-10 lg:grid-cols-[15rem_1fr]">
          {page.sections.length > 0 && (
            <nav aria-labelledby="legal-toc-heading" className="lg:sticky lg:top-24 lg:self-start">
              <div className="rounded-2xl border border-line bg-surface p-5">
                <h2 id="legal-toc-heading" className="mb-3 text-sm font-semibold uppercase tracking-wider text-ink">
                  {t('content.contents')}
                </h2>
                <ol className="space-y-2 text-sm">
                  {page.sections.map((section, index) => (
                    <li key={section.id}>
                      <a href={`#${section.id}`} className="text-muted hover:text-accent">
                        {numbered(index, section.title)}
                      </a>
                    </li>
                  ))}
                </ol>
              </div>
            </nav>
          )}
          <div className="min-w-0 space-y-12">
            {page.sections.map((section, index) => (
              <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`} className="scroll-mt-24 space-y-4">
                <h2 id={`${section.id}-heading`} className="text-xl font-bold text-ink sm:text-2xl">
                  {numbered(index, section.title)}
                </h2>
                <ContentHtml html={section.html} />
              </section>
            ))}
          </div>
        </div>
      </div>
    </>
  );
}
