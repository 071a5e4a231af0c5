import { Link } from 'react-router';
import { startingPriceCents } from '../../../../shared/catalog';
import { formatCatalogPrice } from '../../../lib/money';
import { ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { GameIcon } from '../../../components/ui/game-icon';
import { PageHeader } from '../../../components/ui/page-header';
import { useCatalog } from '../../../lib/catalog';
import { usePublicPath, useT } from '../../../lib/i18n';

export default function DeployPage() {
  const { data: catalog } = useCatalog();
  const t = useT();
  const publicPath = usePublicPath();
  return (
    <>
      <PageHeader eyebrow={t('deploy.eyebrow')} title={t('deploy.title')}>
        {t('deploy.intro')}
      </PageHeader>
      <section className="mx-auto max-w-6xl px-4 py-14">
        <div className="grid gap-6 md:grid-cols-3">
          {catalog?.games.map((game) => {
            const from = startingPriceCents(catalog, game.slug);
            return (
              <Card key={game.slug} className="flex flex-col">
                <GameIcon game={game.slug} />
                <h2 className="mt-4 text-xl font-bold">{game.name}</h2>
                <p className="mt-1 flex-1 text-sm text-muted">{game.tagline}</p>
                <p className="mt-4 text-sm text-muted">
                  {t('home.games.startingAt')}{' '}
                  <span className="text-2xl font-extrabold text-ink" data-testid={`price-${game.slug}`}>
                    {from !== undefined ? formatCatalogPrice(from) : '—'}
                  </span>
                  {t('home.games.perMonth')}
                </p>
                <ButtonLink to={publicPath(`/configure/${game.slug}`)} className="mt-5">
                  {t('home.games.configure', { game: game.name })}
                </ButtonLink>
              </Card>
            );
          })}
        </div>
        <p className="mt-12 text-center text-sm text-muted">
          {t('deploy.helpBefore')}{' '}
          <Link to={publicPath('/discord')} className="font-semibold text-accent hover:underline">
            Discord
          </Link>{' '}
          {t('deploy.helpOr')}{' '}
          <Link to={publicPath('/support')} className="font-semibold text-accent hover:underline">
            {t('deploy.helpSupport')}
          </Link>
          .
        </p>
      </section>
    </>
  );
}
