import { Minus, Plus } from 'lucide-react';
import { ADDITIONAL_SSD_KEY, SSD_STEP_GB, type Addon } from '../../../../shared/catalog';
import { formatCatalogPrice } from '../../../lib/money';
import { cn } from '../../../lib/cn';
import { useT } from '../../../lib/i18n';

export function AddonsPicker({
  addons,
  value,
  onChange,
}: {
  addons: Addon[];
  value: Record<string, number>;
  onChange: (key: string, quantity: number) => void;
}) {
  const t = useT();
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {addons.map((addon) => {
        const quantity = value[addon.key] ?? 0;
        if (addon.key === ADDITIONAL_SSD_KEY) {
          return (
            <li
              key={addon.key}
              className={cn('rounded-xl border p-4', quantity > 0 ? 'border-accent bg-accent/10' : 'border-line bg-surface')}
            >
              <p className="font-semibold">{addon.name}</p>
              <p className="text-sm text-muted">{addon.description}</p>
              <p className="mt-1 text-sm">{t('addons.each', { price: formatCatalogPrice(addon.priceCents) })}</p>
              <div className="mt-3 flex items-center gap-3">
                <button
                  type="button"
                  className="inline-flex h-9 w-9 items-center justify-center rounded-lg border border-line hover:bg-surface-2 disabled:opacity-40"
                  aria-label={t('addons.removeStorage', { gb: SSD_STEP_GB })}
                  disabled={quantity === 0}
                  onClick={() => onChange(addon.key, quantity - 1)}
                >
                  <Minus className="h-4 w-4" aria-hidden="true" />
                </button>
                <output className="min-w-16 text-center font-semibold" aria-live="polite" data-testid="ssd-amount">
                  {t('configure.extraStorage', { gb: quantity * SSD_STEP_GB })}
                </output>
                <button
                  type="button"
                  className="inline-flex h-9 w-9 items-center justify-center rounded-lg border border-line hover:bg-surface-2 disabled:opacity-40"
                  aria-label={t('addons.addStorage', { gb: SSD_STEP_GB })}
                  disabled={quantity >= addon.maxQuantity}
                  onClick={() => onChange(addon.key, quantity + 1)}
                >
                  <Plus className="h-4 w-4" aria-hidden="true" />
                </button>
              </div>
            </li>
          );
        }
        return (
          <li key={addon.key}>
            <label
              className={cn(
                'flex h-full cursor-pointer gap-3 rounded-xl border p-4 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent',
                quantity > 0 ? 'border-accent bg-accent/10' : 'border-line bg-surface hover:border-muted',
              )}
            >
              <input
                type="checkbox"
                className="mt-1 h-4 w-4 accent-accent"
                checked={quantity > 0}
                onChange={(e) => onChange(addon.key, e.target.checked ? 1 : 0)}
              />
              <span>
                <span className="block font-semibold">{addon.name}</span>
                <span className="block text-sm text-muted">{addon.description}</span>
                <span className="mt-1 block text-sm">{t('addons.extra', { price: formatCatalogPrice(addon.priceCents) })}</span>
              </span>
            </label>
          </li>
        );
      })}
    </ul>
  );
}
