import {
  Activity,
  Archive,
  Clapperboard,
  Coins,
  Drama,
  MessagesSquare,
  MonitorPlay,
  Server,
  Smartphone,
  UserPlus,
  type LucideIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ButtonLink } from '../../../components/ui/button';
import { IconCard } from '../../../components/ui/icon-card';
import { PageHeader } from '../../../components/ui/page-header';
import { BRAND } from '../../../lib/brand';
import { useBusinessRules } from '../../../lib/business-rules';
import { usePublicPath, useT } from '../../../lib/i18n';
import type { AffiliateRules } from '../../../../shared/business-rules';
import type { PublicKey } from '../../../../shared/i18n/keys';

/*
 * Every card states something the product does (issue 22 §4/§6): sharing a server with chosen
 * permissions, backups to download, the measured status page, and the affiliate commission
 * while Settings keep the programme open. No spotlights, early access or perks nobody delivers.
 */

interface Card {
  icon: LucideIcon;
  title: PublicKey;
  text: PublicKey;
}

const audiences: Card[] = [
  { icon: Clapperboard, title: 'partners.audience.creator.title', text: 'partners.audience.creator.text' },
  { icon: Drama, title: 'partners.audience.roleplay.title', text: 'partners.audience.roleplay.text' },
  { icon: MonitorPlay, title: 'partners.audience.reviewer.title', text: 'partners.audience.reviewer.text' },
  { icon: MessagesSquare, title: 'partners.audience.discord.title', text: 'partners.audience.discord.text' },
  { icon: Smartphone, title: 'partners.audience.clips.title', text: 'partners.audience.clips.text' },
];

const benefits: Card[] = [
  { icon: UserPlus, title: 'partners.benefit.sharing.title', text: 'partners.benefit.sharing.text' },
  { icon: Archive, title: 'partners.benefit.backups.title', text: 'partners.benefit.backups.text' },
  { icon: Activity, title: 'partners.benefit.status.title', text: 'partners.benefit.status.text' },
];

type Translate = ReturnType<typeof useT>;

/** The commission card states the affiliate terms Settings set, and goes when the programme is closed. */
function commissionBenefit(t: Translate, { enabled, commissionPercent, commissionMonths }: AffiliateRules) {
  if (!enabled) return [];
  return [
    {
      icon: Coins,
      title: t('partners.benefit.commission.title', { percent: commissionPercent }),
      text:
        commissionMonths === null
          ? t('partners.benefit.commission.forever', { percent: commissionPercent })
          : t('partners.benefit.commission.months', { percent: commissionPercent, months: commissionMonths }),
    },
  ];
}

function Step({ number, title, children }: { number: number; title: string; children: ReactNode }) {
  return (
    <li className="rounded-2xl border border-line bg-surface p-6">
      <h3 className="font-semibold">
        {number}. {title}
      </h3>
      <p className="mt-2 text-sm text-muted">{children}</p>
    </li>
  );
}

export default function PartnersPage() {
  const rules = useBusinessRules();
  const t = useT();
  const publicPath = usePublicPath();
  const affiliate = rules.affiliate.enabled;
  const linkClass = 'font-semibold text-accent hover:underline';
  return (
    <>
      <PageHeader eyebrow={t('partners.eyebrow')} title={t('partners.title', { brand: BRAND })}>
        <p>{t('partners.intro', { brand: BRAND })}</p>
      </PageHeader>
      <div className="mx-auto max-w-5xl space-y-16 px-4 py-12 sm:py-16">
        <section aria-labelledby="why-join-heading">
          <h2 id="why-join-heading" className="text-2xl font-bold sm:text-3xl">
            {t('partners.audiences.heading')}
          </h2>
          <p className="mt-3 max-w-2xl text-muted">{t('partners.audiences.intro')}</p>
          <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {audiences.map((item) => (
              <IconCard key={item.title} icon={item.icon} title={t(item.title)} text={t(item.text)} iconClass="text-violet" />
            ))}
          </ul>
        </section>

        <section aria-labelledby="partner-benefits-heading">
          <h2 id="partner-benefits-heading" className="text-2xl font-bold sm:text-3xl">
            {t('partners.benefits.heading')}
          </h2>
          <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {[...commissionBenefit(t, rules.affiliate), ...benefits.map((b) => ({ icon: b.icon, title: t(b.title), text: t(b.text) }))].map((item) => (
              <IconCard key={item.title} {...item} />
            ))}
          </ul>
        </section>

        <section aria-labelledby="partner-apply-heading">
          <h2 id="partner-apply-heading" className="text-2xl font-bold sm:text-3xl">
            {t('partners.steps.heading')}
          </h2>
          <ol className="mt-6 space-y-4">
            <Step number={1} title={t('partners.step.deploy.title')}>
              {t('partners.step.deploy.text')}
            </Step>
            {affiliate && (
              <Step number={2} title={t('partners.step.affiliate.title')}>
                {t('partners.step.affiliate.text')}{' '}
                <Link to={publicPath('/affiliate')} className={linkClass}>
                  {t('partners.step.affiliate.link')}
                </Link>
              </Step>
            )}
            <Step number={affiliate ? 3 : 2} title={t('partners.step.questions.title')}>
              {t('partners.step.questions.text')}{' '}
              <Link to={publicPath('/support')} className={linkClass}>
                {t('partners.step.questions.link')}
              </Link>
            </Step>
          </ol>
        </section>

        <section aria-labelledby="partner-cta-heading" className="rounded-2xl border border-line bg-surface-2 p-8 text-center sm:p-12">
          <Server className="mx-auto h-10 w-10 text-accent" aria-hidden="true" />
          <h2 id="partner-cta-heading" className="mt-4 text-2xl font-bold sm:text-3xl">
            {t('partners.cta.heading')}
          </h2>
          <p className="mx-auto mt-3 max-w-xl text-muted">{t('partners.cta.text')}</p>
          <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
            <ButtonLink to={publicPath('/deploy')} size="lg">
              {t('partners.cta.deploy')}
            </ButtonLink>
            {affiliate && (
              <ButtonLink to={publicPath('/affiliate')} size="lg" variant="outline">
                {t('partners.cta.affiliate')}
              </ButtonLink>
            )}
          </div>
        </section>
      </div>
    </>
  );
}
