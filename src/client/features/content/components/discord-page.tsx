import { ArrowLeft, CircleCheck, CircleX, Lock, MessagesSquare, Puzzle, Sparkles, Users, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { ButtonLink, buttonClass } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { PageHeader } from '../../../components/ui/page-header';
import { discordDonts, discordDos, discordFeatures, type DiscordFeature } from '../../../content/discord';
import { useBrand } from '../../../lib/brand';
import { usePublicPath, useT } from '../../../lib/i18n';

const featureIcons: Record<DiscordFeature['id'], LucideIcon> = {
  help: Users,
  showcase: Sparkles,
  mods: Puzzle,
  private: Lock,
};

function JoinButton() {
  const t = useT();
  const path = usePublicPath();
  // The invite staff set in Settings → Brand; without one, visitors ask support rather than meet a dead link.
  const discordInviteUrl = useBrand().discordUrl;
  if (discordInviteUrl) {
    return (
      <a href={discordInviteUrl} target="_blank" rel="noopener noreferrer" className={buttonClass('primary', 'lg')}>
        <MessagesSquare className="h-5 w-5" aria-hidden="true" />
        {t('discordPage.join')}
        <span className="sr-only"> {t('discordPage.newTab')}</span>
      </a>
    );
  }
  return (
    <ButtonLink to={path('/support')} size="lg">
      <MessagesSquare className="h-5 w-5" aria-hidden="true" />
      {t('discordPage.requestInvite')}
    </ButtonLink>
  );
}

export default function DiscordPage() {
  const t = useT();
  const path = usePublicPath();
  const { name } = useBrand();
  return (
    <>
      <div className="mx-auto max-w-5xl px-4 pt-6">
        <Link to={path('/')} className="inline-flex items-center gap-2 text-sm font-medium text-muted hover:text-accent">
          <ArrowLeft className="h-4 w-4" aria-hidden="true" />
          {t('discordPage.backHome')}
        </Link>
      </div>

      <PageHeader eyebrow={t('discordPage.eyebrow')} title={t('discordPage.title', { brand: name })}>
        <p>{t('discordPage.intro')}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <JoinButton />
          <ButtonLink to={path('/support')} variant="outline" size="lg">
            {t('discordPage.contactSupport')}
          </ButtonLink>
        </div>
      </PageHeader>

      <div className="mx-auto max-w-5xl space-y-16 px-4 py-12 sm:py-16">
        <section aria-labelledby="features-title">
          <h2 id="features-title" className="mb-6 text-2xl font-bold text-ink">
            {t('discordPage.featuresTitle')}
          </h2>
          <ul className="grid gap-4 sm:grid-cols-2">
            {discordFeatures(t).map((feature) => {
              const Icon = featureIcons[feature.id];
              return (
                <li key={feature.id}>
                  <Card className="h-full p-5">
                    <Icon className="h-6 w-6 text-violet" aria-hidden="true" />
                    <h3 className="mt-3 font-semibold text-ink">{feature.title}</h3>
                    <p className="mt-1 text-sm text-muted">{feature.text}</p>
                  </Card>
                </li>
              );
            })}
          </ul>
        </section>

        <section aria-labelledby="rules-title">
          <h2 id="rules-title" className="text-2xl font-bold text-ink">
            {t('discordPage.rulesTitle')}
          </h2>
          <p className="mb-6 mt-2 text-muted">{t('discordPage.rulesText')}</p>
          <div className="grid gap-4 md:grid-cols-2">
            <Card className="border-accent/30 p-5">
              <h3 className="flex items-center gap-2 text-lg font-semibold text-accent">
                <CircleCheck className="h-5 w-5" aria-hidden="true" />
                {t('discordPage.dos')}
              </h3>
              <ul className="mt-4 space-y-3">
                {discordDos(t).map((rule) => (
                  <li key={rule} className="flex gap-3 text-sm text-ink">
                    <CircleCheck className="mt-0.5 h-4 w-4 shrink-0 text-accent" aria-hidden="true" />
                    {rule}
                  </li>
                ))}
              </ul>
            </Card>
            <Card className="border-danger/30 p-5">
              <h3 className="flex items-center gap-2 text-lg font-semibold text-danger">
                <CircleX className="h-5 w-5" aria-hidden="true" />
                {t('discordPage.donts')}
              </h3>
              <ul className="mt-4 space-y-3">
                {discordDonts(t).map((rule) => (
                  <li key={rule} className="flex gap-3 text-sm text-ink">
                    <CircleX className="mt-0.5 h-4 w-4 shrink-0 text-danger" aria-hidden="true" />
                    {rule}
                  </li>
                ))}
              </ul>
            </Card>
          </div>
        </section>

        <Card className="flex flex-col items-start gap-4 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <h2 className="text-lg font-semibold text-ink">{t('discordPage.accountTitle')}</h2>
            <p className="mt-1 text-sm text-muted">{t('discordPage.accountText')}</p>
          </div>
          <ButtonLink to={path('/support')} variant="secondary">
            {t('discordPage.openSupport')}
          </ButtonLink>
        </Card>
      </div>
    </>
  );
}
