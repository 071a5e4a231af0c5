import { ButtonLink } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/page-header';
import { BRAND } from '../../../lib/brand';
import { usePageContent } from '../../../lib/page-content';
import { usePublicPath, useT } from '../../../lib/i18n';
import { ContentHtml, ContentState } from './content-html';

/** The About page staff write in the console (Markdown rendered on the server), then a call to action. */
export default function AboutPage() {
  const { page } = usePageContent('about');
  const t = useT();
  const publicPath = usePublicPath();
  if (!page) return <ContentState slug="about" />;
  return (
    <>
      <PageHeader eyebrow={t('about.eyebrow', { brand: BRAND })} title={page.title}>
        <ContentHtml html={page.introHtml} />
      </PageHeader>

      <div className="mx-auto max-w-5xl space-y-16 px-4 py-12 sm:py-16">
        {page.sections.map((section) => (
          <section key={section.id} aria-labelledby={`${section.id}-title`}>
            <h2 id={`${section.id}-title`} className="mb-4 text-2xl font-bold text-ink">
              {section.title}
            </h2>
            <ContentHtml html={section.html} />
          </section>
        ))}

        <section aria-labelledby="cta-title" className="rounded-2xl border border-line bg-grid p-8 text-center sm:p-12">
          <h2 id="cta-title" className="text-2xl font-bold text-ink sm:text-3xl">
            {t('about.ctaTitle')}
          </h2>
          <p className="mx-auto mt-3 max-w-xl text-muted">
            {t('about.ctaText')}
          </p>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <ButtonLink to={publicPath('/deploy')} size="lg">
              {t('about.deploy')}
            </ButtonLink>
            <ButtonLink to={publicPath('/support')} variant="outline" size="lg">
              {t('about.talk')}
            </ButtonLink>
          </div>
        </section>
      </div>
    </>
  );
}
