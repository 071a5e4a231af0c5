import { ArrowRight, HeartHandshake, Receipt, Gamepad2, FolderOpen, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { PageHeader } from '../../../components/ui/page-header';
import { aboutIntro, aboutPromises, aboutStats, aboutStory, aboutValues, type AboutValue } from '../../../content/about';
import { BRAND } from '../../../lib/brand';

const valueIcons: Record<AboutValue['id'], LucideIcon> = {
  players: Gamepad2,
  honest: Receipt,
  ownership: FolderOpen,
  people: HeartHandshake,
};

export default function AboutPage() {
  return (
    <>
      <PageHeader eyebrow={`About ${BRAND}`} title="Built by players, run like infrastructure">
        {aboutIntro}
      </PageHeader>

      <div className="mx-auto max-w-5xl space-y-16 px-4 py-12 sm:py-16">
        <section aria-labelledby="story-title" className="grid gap-10 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <div>
            <h2 id="story-title" className="mb-4 text-2xl font-bold text-ink">
              Our story
            </h2>
            <div className="space-y-4 leading-relaxed text-muted">
              {aboutStory.map((paragraph) => (
                <p key={paragraph.slice(0, 32)}>{paragraph}</p>
              ))}
            </div>
          </div>
          <dl className="grid grid-cols-2 gap-4 self-start">
            {aboutStats.map((stat) => (
              <Card key={stat.label} className="flex flex-col-reverse p-5 text-center">
                <dt className="mt-1 text-sm text-muted">{stat.label}</dt>
                <dd className="text-3xl font-extrabold text-accent">{stat.value}</dd>
              </Card>
            ))}
          </dl>
        </section>

        <section aria-labelledby="values-title">
          <h2 id="values-title" className="mb-6 text-2xl font-bold text-ink">
            What we believe
          </h2>
          <ul className="grid gap-4 sm:grid-cols-2">
            {aboutValues.map((value) => {
              const Icon = valueIcons[value.id];
              return (
                <li key={value.id}>
                  <Card className="h-full p-5">
                    <Icon className="h-6 w-6 text-violet" aria-hidden="true" />
                    <h3 className="mt-3 font-semibold text-ink">{value.title}</h3>
                    <p className="mt-1 text-sm text-muted">{value.text}</p>
                  </Card>
                </li>
              );
            })}
          </ul>
        </section>

        <section aria-labelledby="promises-title">
          <h2 id="promises-title" className="text-2xl font-bold text-ink">
            Promises you can hold us to
          </h2>
          <p className="mb-6 mt-2 text-muted">Written down in our policies, not just in our marketing.</p>
          <ul className="divide-y divide-line rounded-2xl border border-line bg-surface">
            {aboutPromises.map((promise) => (
              <li key={promise.to} className="flex flex-col gap-2 p-5 sm:flex-row sm:items-center sm:justify-between">
                <p className="text-ink">{promise.text}</p>
                <Link
                  to={promise.to}
                  className="inline-flex shrink-0 items-center gap-1 text-sm font-semibold text-accent hover:underline"
                >
                  {promise.link}
                  <ArrowRight className="h-4 w-4" aria-hidden="true" />
                </Link>
              </li>
            ))}
          </ul>
        </section>

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
