import type { AddonDelivery, PackDelivery } from '../../../shared/delivery';
import type { AddonState, ServerAddonView } from '../../../shared/schemas/delivery';
import { useT, type Translate } from '../../lib/i18n';
import { Badge } from '../ui/badge';

const tones: Record<AddonState, 'green' | 'violet' | 'yellow' | 'red' | 'grey'> = {
  applied: 'green',
  pending: 'grey',
  waiting: 'yellow',
  done: 'green',
  refused: 'red',
  retired: 'grey',
};

/** Where a bought add-on or pack stands, as a badge: applied, waiting for staff, done, refused… */
export function DeliveryStateBadge({ state }: { state: AddonState }) {
  const t = useT();
  return (
    <Badge tone={tones[state]} data-testid="delivery-state">
      {t(`upgrades.state.${state}`)}
    </Badge>
  );
}

/** What it delivers, in the page's language: "+50 GB disk", "Priority support", "Set up by our team". */
export function deliveryEffect(t: Translate, delivery: AddonDelivery | PackDelivery, quantity = 1): string {
  if (delivery.type === 'priority-support') return t('upgrades.effect.prioritySupport');
  if (delivery.type === 'manual') return t('upgrades.effect.manual');
  return t(`upgrades.effect.${delivery.resource}`, { count: delivery.amount * quantity });
}

/** The line under an item: staff's note on a closed task, or what happens next. */
export function deliveryNote(t: Translate, state: AddonState, note: string | null): string | null {
  if (state === 'refused') return note ? t('upgrades.note.refused', { note }) : null;
  if (state === 'done') return note ? t('upgrades.note.done', { note }) : null;
  if (state === 'waiting') return t('upgrades.note.waiting');
  if (state === 'retired') return t('upgrades.note.retired');
  return null;
}

/** A server's add-ons on its card: each with what it adds and where its delivery stands. */
export function ServerAddonList({ addons, serverId }: { addons: ServerAddonView[]; serverId: string }) {
  const t = useT();
  if (addons.length === 0) return null;
  const headingId = `server-${serverId}-addons`;
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-line p-3 sm:p-4">
      <h3 id={headingId} className="text-sm font-semibold">
        {t('upgrades.serverAddons')}
      </h3>
      <ul className="mt-2 space-y-2">
        {addons.map((addon) => {
          const note = deliveryNote(t, addon.state, addon.note);
          return (
            <li key={addon.key} className="text-sm" data-testid={`addon-${addon.key}`}>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span>
                  <span className="font-medium">{addon.quantity > 1 ? t('upgrades.quantity', { name: addon.name, count: addon.quantity }) : addon.name}</span>
                  {addon.state !== 'retired' && <span className="text-muted"> · {deliveryEffect(t, addon.delivery, addon.quantity)}</span>}
                </span>
                <DeliveryStateBadge state={addon.state} />
              </div>
              {note && <p className="mt-1 text-xs text-muted">{note}</p>}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
