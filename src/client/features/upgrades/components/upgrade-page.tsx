import { ArrowLeft, Check, RefreshCw, Wrench, Zap } from 'lucide-react';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { formatCatalogPrice } from '../../../lib/money';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { useCatalog } from '../../../lib/catalog';
import { PurchaseDialog } from '../../../components/purchase-dialog';
import { usePublicPath, useT } from '../../../lib/i18n';

export default function UpgradePage() {
  const { slug } = useParams();
  const { data: catalog } = useCatalog();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const t = useT();
  const publicPath = usePublicPath();
  if (!catalog) return <PageSpinner />;
  const pack = catalog.packs.find((p) => p.slug === slug);
  if (!pack) {
    return (
      <section className="mx-auto max-w-xl px-4 py-20 text-center">
        <h1 className="text-3xl font-bold">{t('pack.notFound')}</h1>
        <ButtonLink to={publicPath('/')} className="mt-6">
          {t('pack.returnHome')}
        </ButtonLink>
      </section>
    );
  }

  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:py-14">
      <Button variant="ghost" size="sm" onClick={() => (window.history.length > 1 ? navigate(-1) : navigate(publicPath('/')))}>
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        {t('pack.back')}
      </Button>
      <header className="mt-6 text-center">
        <p className="text-sm font-semibold uppercase tracking-widest text-accent">{t('pack.eyebrow')}</p>
        <h1 className="mt-2 text-4xl font-extrabold sm:text-5xl">{pack.name}</h1>
        <p className="mx-auto mt-3 max-w-2xl text-muted">{pack.tagline}</p>
        <p className="mt-6">
          <span className="text-5xl font-extrabold" data-testid="pack-price">
            {formatCatalogPrice(pack.priceCents)}
          </span>
          <span className="text-muted">{t('pack.perMonth')}</span>
        </p>
      </header>

      <ul className="mt-12 grid gap-5 md:grid-cols-3">
        {pack.highlights.map((h) => (
          <li key={h.title}>
            <Card className="h-full">
              <h2 className="text-lg font-bold">{h.title}</h2>
              <p className="mt-2 text-sm text-muted">{h.text}</p>
            </Card>
          </li>
        ))}
      </ul>

      <Card className="mt-10">
        <h2 className="text-xl font-bold">{t('pack.included')}</h2>
        <ul className="mt-5 grid gap-3 sm:grid-cols-2">
          {pack.features.map((f) => (
            <li key={f} className="flex gap-2 text-sm">
              <Check className="mt-0.5 h-4 w-4 shrink-0 text-accent" aria-hidden="true" />
              {f}
            </li>
          ))}
        </ul>
        <div className="mt-8 text-center">
          <Button size="lg" onClick={() => setOpen(true)}>
            {t('pack.upgradeNow')}
          </Button>
        </div>
      </Card>

      <div className="mt-10 grid gap-5 md:grid-cols-2">
        <Card>
          {pack.delivery?.type === 'priority-support' ? (
            <>
              <Zap className="h-6 w-6 text-accent" aria-hidden="true" />
              <h2 className="mt-3 font-bold">{t('pack.priorityTitle')}</h2>
              <p className="mt-2 text-sm text-muted">{t('pack.priorityText')}</p>
            </>
          ) : (
            <>
              <Wrench className="h-6 w-6 text-accent" aria-hidden="true" />
              <h2 className="mt-3 font-bold">{t('pack.manualTitle')}</h2>
              <p className="mt-2 text-sm text-muted">{t('pack.manualText')}</p>
            </>
          )}
        </Card>
        <Card>
          <RefreshCw className="h-6 w-6 text-accent" aria-hidden="true" />
          <h2 className="mt-3 font-bold">{t('pack.cancelTitle')}</h2>
          <p className="mt-2 text-sm text-muted">
            {t('pack.cancelText')}
          </p>
        </Card>
      </div>
      <PurchaseDialog pack={pack} open={open} onOpenChange={setOpen} />
    </div>
  );
}
