import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { plansForGame, type UpgradePack } from '../../../../shared/catalog';
import { formatCatalogPrice } from '../../../lib/money';
import { PurchaseDialog } from '../../../components/purchase-dialog';
import { Badge } from '../../../components/ui/badge';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { GameIcon } from '../../../components/ui/game-icon';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { Tabs } from '../../../components/ui/tabs';
import { useCatalog } from '../../../lib/catalog';
import { useT } from '../../../lib/i18n';
import { MyUpgradePacks } from './my-upgrade-packs';

function GameServers() {
  const t = useT();
  const { data: catalog } = useCatalog();
  if (!catalog) return <PageSpinner />;
  return (
    <div className="space-y-10">
      {catalog.games.map((game) => (
        <section key={game.slug} aria-labelledby={`game-${game.slug}`}>
          <div className="mb-4 flex items-center gap-3">
            <GameIcon game={game.slug} className="h-10 w-10" />
            <div>
              <h2 id={`game-${game.slug}`} className="text-lg font-bold">
                {game.name}
              </h2>
              <p className="text-sm text-muted">{t('order.upTo', { count: game.playerCap })}</p>
            </div>
          </div>
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
            {plansForGame(catalog, game.slug).map((plan) => (
              <Card key={plan.id} className="flex flex-col p-5">
                <div className="flex items-center justify-between">
                  <p className="text-lg font-bold">{plan.name}</p>
                  {plan.recommended && <Badge tone="violet">{t('order.recommended')}</Badge>}
                </div>
                <p className="mt-1 text-sm text-muted">
                  {t('order.specs', { ram: plan.ramGb, vcpu: plan.vcpu, disk: plan.diskGb })}
                </p>
                <p className="mt-1 text-xs text-muted">{t('order.slots', { count: game.playerCap })}</p>
                <p className="mt-3 flex-1 text-2xl font-extrabold">
                  {formatCatalogPrice(plan.priceCents)}
                  <span className="text-sm font-normal text-muted">{t('order.perMonth')}</span>
                </p>
                <ButtonLink
                  to={`/configure/${game.slug}?plan=${encodeURIComponent(plan.id)}`}
                  size="sm"
                  className="mt-4"
                  aria-label={t('order.orderLabel', { game: game.name, plan: plan.name })}
                >
                  {t('order.order')}
                </ButtonLink>
              </Card>
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}

function Upgrades() {
  const t = useT();
  const { data: catalog } = useCatalog();
  const [pack, setPack] = useState<UpgradePack | null>(null);
  if (!catalog) return <PageSpinner />;
  return (
    <>
      <MyUpgradePacks />
      <div className="grid gap-4 md:grid-cols-3">
        {catalog.packs.map((p) => (
          <Card key={p.id} className="flex flex-col">
            <h2 className="text-lg font-bold">{p.name}</h2>
            <p className="mt-1 text-sm text-muted">{p.tagline}</p>
            <p className="mt-4 text-3xl font-extrabold">
              {formatCatalogPrice(p.priceCents)}
              <span className="text-sm font-normal text-muted">{t('order.perMonth')}</span>
            </p>
            <ul className="mt-4 flex-1 space-y-1 text-sm">
              {p.features.slice(0, 4).map((f) => (
                <li key={f}>✓ {f}</li>
              ))}
            </ul>
            <Button className="mt-5" onClick={() => setPack(p)} aria-label={t('order.purchaseLabel', { pack: p.name })}>
              {t('order.purchase')}
            </Button>
          </Card>
        ))}
      </div>
      {pack && <PurchaseDialog pack={pack} open onOpenChange={(open) => !open && setPack(null)} />}
    </>
  );
}

export default function OrderPage() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'upgrades' ? 'upgrades' : 'servers';
  return (
    <div>
      <h1 className="mb-6 text-2xl font-extrabold sm:text-3xl">{t('order.title')}</h1>
      <Tabs
        label={t('order.tabs')}
        value={tab}
        onValueChange={(value) => setParams(value === 'upgrades' ? { tab: value } : {}, { replace: true })}
        tabs={[
          { value: 'servers', label: t('order.tab.servers'), content: <GameServers /> },
          { value: 'upgrades', label: t('order.tab.upgrades'), content: <Upgrades /> },
        ]}
      />
    </div>
  );
}
