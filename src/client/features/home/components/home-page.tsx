import { Clock, Cpu, Headset, ShieldCheck, Zap } from 'lucide-react';
import { Link } from 'react-router';
import { startingPriceCents } from '../../../../shared/catalog';
import { formatCatalogPrice } from '../../../lib/money';
import { ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { GameIcon } from '../../../components/ui/game-icon';
import { useCatalog } from '../../../lib/catalog';
import { usePublicPath, useT } from '../../../lib/i18n';
import { usePageContent } from '../../../lib/page-content';

// The feature cards' icons, in order; the texts are the home page's sections staff write.
const featureIcons = [ShieldCheck, Headset, Clock, Cpu, Zap];

export default function HomePage() {
  const { data: catalog } = useCatalog();
  const games = catalog?.games ?? [];
  const packs = catalog?.packs ?? [];
  const t = useT();
  const publicPath = usePublicPath();
  // The hero and feature texts are Markdown staff write, rendered to HTML on the server.
  const { page } = usePageContent('home');

  return (
    <>
      <section className="bg-grid relative overflow-hidden border-b border-line">
        <div className="mx-auto max-w-6xl px-4 py-20 text-center sm:py-28">
          <h1 className="mx-auto max-w-4xl text-4xl font-extrabold tracking-tight sm:text-6xl">{page?.title ?? ''}</h1>
          {page && <div className="md-body mx-auto mt-6 max-w-2xl text-lg" dangerouslySetInnerHTML={{ __html: page.introHtml }} />}
          <div className="mt-10 flex flex-col items-center justify-center gap-3 sm:flex-row">
            <ButtonLink to={publicPath('/deploy')} size="lg">
              {t('home.hero.deploy')}
            </ButtonLink>
            <ButtonLink to={publicPath('/faq')} variant="outline" size="lg">
              {t('home.hero.faq')}
            </ButtonLink>
          </div>
        </div>
      </section>

      <section aria-labelledby="games-heading" className="render-when-visible mx-auto max-w-6xl px-4 py-20">
        <h2 id="games-heading" className="text-center text-3xl font-bold">
          {t('home.games.title')}
        </h2>
        <p className="mt-3 text-center text-muted">{t('home.games.text')}</p>
        <div className="mt-10 grid gap-6 md:grid-cols-3">
          {games.map((game) => {
            const from = catalog ? startingPriceCents(catalog, game.slug) : undefined;
            return (
              <Card key={game.slug} className="flex flex-col">
                <GameIcon game={game.slug} />
                <h3 className="mt-4 text-xl font-bold">{game.name}</h3>
                <p className="mt-1 flex-1 text-sm text-muted">{game.tagline}</p>
                <p className="mt-5 text-sm text-muted">
                  {t('home.games.startingAt')}{' '}
                  <span className="text-2xl font-extrabold text-ink" data-testid={`price-${game.slug}`}>
                    {from !== undefined ? formatCatalogPrice(from) : '—'}
                  </span>
                  {t('home.games.perMonth')}
                </p>
                <ButtonLink
                  to={publicPath(`/configure/${game.slug}`)}
                  className="mt-5"
                >
                  {t('home.games.configure', { game: game.name })}
                </ButtonLink>
              </Card>
            );
          })}
        </div>
      </section>

      <section aria-labelledby="features-heading" className="render-when-visible border-y border-line bg-surface/40">
        <div className="mx-auto max-w-6xl px-4 py-20">
          <h2 id="features-heading" className="text-center text-3xl font-bold">
            {t('home.features.title')}
          </h2>
          <div className="mt-10 grid gap-6 md:grid-cols-3">
            {(page?.sections ?? []).map((section, index) => {
              const Icon = featureIcons[index % featureIcons.length]!;
              return (
                <Card key={section.id}>
                  <Icon className="h-8 w-8 text-accent" aria-hidden="true" />
                  <h3 className="mt-4 text-lg font-bold">{section.title}</h3>
                  <div className="md-body mt-2 text-sm" dangerouslySetInnerHTML={{ __html: section.html }} />
                </Card>
              );
            })}
          </div>
        </div>
      </section>

      <section aria-labelledby="packs-heading" className="render-when-visible mx-auto max-w-6xl px-4 py-20">
        <h2 id="packs-heading" className="text-center text-3xl font-bold">
          {t('home.packs.title')}
        </h2>
        <p className="mt-3 text-center text-muted">{t('home.packs.text')}</p>
        <div className="mt-10 grid gap-6 md:grid-cols-3">
          {packs.map((pack) => (
            <Card key={pack.id} className="flex flex-col">
              <h3 className="text-lg font-bold">{pack.name}</h3>
              <p className="mt-1 text-sm text-muted">{pack.tagline}</p>
              <p className="mt-4">
                <span className="text-3xl font-extrabold">{formatCatalogPrice(pack.priceCents)}</span>
                <span className="text-muted">{t('home.games.perMonth')}</span>
              </p>
              <ul className="mt-4 flex-1 space-y-2 text-sm">
                {pack.highlights.map((h) => (
                  <li key={h.title} className="flex gap-2">
                    <span className="mt-1.5 h-1.5 w-1.5 shrink-0 rounded-full bg-accent" aria-hidden="true" />
                    {h.title}
                  </li>
                ))}
              </ul>
              <Link
                to={publicPath(`/upgrade/${pack.slug}`)}
                className="mt-6 text-sm font-semibold text-accent hover:underline"
                aria-label={t('home.packs.learnMoreLabel', { pack: pack.name })}
              >
                {t('home.packs.learnMore')}
              </Link>
            </Card>
          ))}
        </div>
      </section>

      <section className="render-when-visible px-4 pb-24">
        <div className="bg-grid mx-auto max-w-5xl rounded-3xl border border-line bg-surface px-6 py-14 text-center">
          <h2 className="text-3xl font-bold sm:text-4xl">{t('home.cta.title')}</h2>
          <p className="mx-auto mt-4 max-w-xl text-muted">
            {t('home.cta.text')}
          </p>
          <ButtonLink to={publicPath('/deploy')} size="lg" className="mt-8">
            {t('home.cta.button')}
          </ButtonLink>
        </div>
      </section>
    </>
  );
}
