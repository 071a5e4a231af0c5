import { ShieldCheck } from 'lucide-react';
import type { AddonState, UpgradesView } from '../../../../shared/schemas/delivery';
import { DeliveryStateBadge, deliveryEffect, deliveryNote } from '../../../components/delivery/delivery-state';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { useLocale, useT } from '../../../lib/i18n';
import { useUpgrades } from '../../../lib/upgrades';

type Pack = UpgradesView['packs'][number];

function packState(pack: Pack): AddonState {
  if (pack.delivery === 'priority-support') return 'applied';
  if (pack.task?.status === 'done') return 'done';
  if (pack.task?.status === 'refused') return 'refused';
  return 'waiting';
}

/** The packs the customer bought, above the ones on sale: what each delivers and where it stands. */
export function MyUpgradePacks() {
  const t = useT();
  const locale = useLocale();
  const upgrades = useUpgrades();
  const day = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
  return (
    <section aria-labelledby="my-upgrade-packs" className="mb-8">
      <h2 id="my-upgrade-packs" className="mb-3 text-lg font-bold">
        {t('upgrades.mine.title')}
      </h2>
      {upgrades.isError ? (
        <Card role="alert" className="flex flex-wrap items-center justify-between gap-3 text-sm">
          {t('upgrades.mine.loadError')}
          <Button size="sm" variant="secondary" onClick={() => void upgrades.refetch()}>
            {t('upgrades.mine.retry')}
          </Button>
        </Card>
      ) : !upgrades.data ? (
        <p role="status" className="text-sm text-muted">
          {t('app.loading')}
        </p>
      ) : (
        <>
          {upgrades.data.prioritySupport && (
            <p className="mb-3 flex items-center gap-2 rounded-xl border border-accent/30 bg-accent/10 px-3 py-2 text-sm">
              <ShieldCheck className="h-4 w-4 shrink-0 text-accent" aria-hidden="true" />
              {t('upgrades.mine.prioritySupport')}
            </p>
          )}
          {upgrades.data.packs.length === 0 ? (
            <p className="text-sm text-muted">{t('upgrades.mine.empty')}</p>
          ) : (
            <ul className="grid gap-3 md:grid-cols-2">
              {upgrades.data.packs.map((pack) => {
                const state = packState(pack);
                const note = pack.active || state !== 'applied' ? deliveryNote(t, state, pack.task?.note ?? null) : null;
                const until = day.format(new Date(pack.activeUntil));
                return (
                  <li key={pack.orderId}>
                    <Card className="h-full p-4" data-testid={`pack-${pack.orderId}`}>
                      <div className="flex flex-wrap items-center justify-between gap-2">
                        <h3 className="font-bold">{pack.name}</h3>
                        <DeliveryStateBadge state={state} />
                      </div>
                      <p className="mt-1 text-sm text-muted">
                        {deliveryEffect(t, { type: pack.delivery })} ·{' '}
                        {pack.active ? t('upgrades.mine.activeUntil', { date: until }) : t('upgrades.mine.endedOn', { date: until })}
                      </p>
                      {note && <p className="mt-2 text-sm">{note}</p>}
                    </Card>
                  </li>
                );
              })}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
