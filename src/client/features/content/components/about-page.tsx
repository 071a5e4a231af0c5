import { ButtonLink } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/page-header';
import { BRAND } from '../../../lib/brand';
import { usePageContent } from '../../../lib/page-content';
import { ContentHtml, ContentState } from './content-html';

/** The About page staff write in the console (Markdown rendered on the server), then a call to action. */
export default function AboutPage() {
  const { page } = usePageContent('about');
  if (!page) return <ContentState slug="about" />;
  return (
    <>
      <PageHeader eyebrow={`About ${BRAND}`} title={page.title}>
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
            Ready to start your server?
          </h2>
          <p className="mx-auto mt-3 max-w-xl text-muted">
            Pick a game, choose a plan and be online in minutes. Questions first? We are happy to help you choose.
          </p>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <ButtonLink to="/deploy" size="lg">
              Deploy a Server
            </ButtonLink>
            <ButtonLink to="/support" variant="outline" size="lg">
              Talk to Us
            </ButtonLink>
          </div>
        </section>
      </div>
    </>
  );
}
