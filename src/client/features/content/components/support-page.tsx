import { Activity, BookOpen, Clock, MessagesSquare, ShieldCheck, Ticket, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/card';
import { PageHeader } from '../../../components/ui/page-header';
import { responseTimes, securityPoints, supportChannels, supportQuestions, type SupportChannel } from '../../../content/support';
import { useBrand } from '../../../lib/brand';
import { ContactForm } from './contact-form';
import { SupportAccordion } from './support-accordion';
import { useBusinessRules } from '../../../lib/business-rules';
import { usePublicPath, useT } from '../../../lib/i18n';

const channelIcons: Record<SupportChannel['id'], LucideIcon> = {
  faq: BookOpen,
  discord: MessagesSquare,
  status: Activity,
  tickets: Ticket,
};

/** The contact panel's line, with the support address staff set in Settings → Brand where the language puts it. */
function ContactIntro() {
  const { supportEmail } = useBrand();
  const t = useT();
  const [before, after] = t('supportPage.contactText', { email: '\u0000' }).split('\u0000');
  return (
    <p className="mb-6 mt-2 text-sm text-muted">
      {before}
      <a href={`mailto:${supportEmail}`} className="break-all font-medium text-accent hover:underline">
        {supportEmail}
      </a>
      {after}
    </p>
  );
}

/** "For everything else, see the help centre.", the link where the language puts it. */
function HelpCentreLine() {
  const t = useT();
  const path = usePublicPath();
  const [before, after] = t('supportPage.questionsText', { link: '\u0000' }).split('\u0000');
  return (
    <p className="mb-6 mt-2 text-muted">
      {before}
      <Link to={path('/help')} className="font-medium text-accent hover:underline">
        {t('supportPage.helpCentreLink')}
      </Link>
      {after}
    </p>
  );
}

export default function SupportPage() {
  const rules = useBusinessRules();
  const t = useT();
  const path = usePublicPath();
  const hoursText = rules.support.hoursText.trim();
  return (
    <>
      <PageHeader eyebrow={t('supportPage.eyebrow')} title={t('supportPage.title')}>
        {t('supportPage.intro')}
      </PageHeader>

      <div className="mx-auto max-w-5xl space-y-16 px-4 py-12 sm:py-16">
        <section aria-labelledby="channels-title">
          <h2 id="channels-title" className="mb-6 text-2xl font-bold text-ink">
            {t('supportPage.channelsTitle')}
          </h2>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {supportChannels(t).map((channel) => {
              const Icon = channelIcons[channel.id];
              return (
                <li key={channel.id}>
                  <Card className="flex h-full flex-col p-5">
                    <Icon className="h-6 w-6 text-accent" aria-hidden="true" />
                    <h3 className="mt-3 font-semibold text-ink">{channel.title}</h3>
                    <p className="mt-1 flex-1 text-sm text-muted">{channel.text}</p>
                    <Link to={channel.public ? path(channel.to) : channel.to} className="mt-4 text-sm font-semibold text-accent hover:underline">
                      {channel.action}
                    </Link>
                  </Card>
                </li>
              );
            })}
          </ul>
        </section>

        <section aria-labelledby="questions-title">
          <h2 id="questions-title" className="text-2xl font-bold text-ink">
            {t('supportPage.questionsTitle')}
          </h2>
          <HelpCentreLine />
          <SupportAccordion items={supportQuestions(rules, t)} />
        </section>

        <div className="grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <section aria-labelledby="contact-title">
            <Card className="p-5 sm:p-8">
              <h2 id="contact-title" className="text-2xl font-bold text-ink">
                {t('supportPage.contactTitle')}
              </h2>
              <ContactIntro />
              <ContactForm />
            </Card>
          </section>

          <div className="space-y-8">
            <section aria-labelledby="response-title">
              <Card className="p-5 sm:p-6">
                <h2 id="response-title" className="flex items-center gap-2 text-xl font-bold text-ink">
                  <Clock className="h-5 w-5 text-accent" aria-hidden="true" />
                  {t('supportPage.responseTitle')}
                </h2>
                <p className="mt-1 text-sm text-muted">{t('supportPage.responseText')}</p>
                {hoursText && <p className="mt-2 text-sm text-ink">{t('supportPage.hours', { hours: hoursText })}</p>}
                <ul className="mt-5 space-y-4">
                  {responseTimes(rules.support, t).map((row) => (
                    <li key={row.id} className="flex items-start justify-between gap-4">
                      <div>
                        <h3 className="font-semibold text-ink">{row.team}</h3>
                        <p className="text-xs text-muted">{row.description}</p>
                      </div>
                      <p className="shrink-0 rounded-full bg-accent/15 px-3 py-1 text-xs font-semibold text-accent">
                        {row.time}
                      </p>
                    </li>
                  ))}
                </ul>
              </Card>
            </section>

            <section aria-labelledby="security-title">
              <Card className="p-5 sm:p-6">
                <h2 id="security-title" className="flex items-center gap-2 text-xl font-bold text-ink">
                  <ShieldCheck className="h-5 w-5 text-violet" aria-hidden="true" />
                  {t('supportPage.securityTitle')}
                </h2>
                <ul className="mt-5 space-y-4">
                  {securityPoints(t).map((point) => (
                    <li key={point.title}>
                      <h3 className="text-sm font-semibold text-ink">{point.title}</h3>
                      <p className="mt-1 text-sm text-muted">{point.text}</p>
                    </li>
                  ))}
                </ul>
              </Card>
            </section>
          </div>
        </div>
      </div>
    </>
  );
}
