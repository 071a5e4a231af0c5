import { formatIn } from '../../../../lib/money';
import type { PlanChangeOptions } from '../../../../../shared/schemas/plan-changes';
import { cn } from '../../../../lib/cn';
import { useT } from '../../../../lib/i18n';
import { perPeriod } from '../../plan-change-rules';

/**
 * The game's plans as a radio group (the server's own marked 'Current plan'), then the add-ons:
 * a checkbox each, or a number for one that can be taken several times.
 */
export function PlanPicker({
  options,
  plan,
  addons,
  onPlan,
  onAddon,
}: {
  options: PlanChangeOptions;
  plan: string;
  addons: Record<string, number>;
  onPlan: (plan: string) => void;
  onAddon: (key: string, quantity: number) => void;
}) {
  const t = useT();
  const months = options.period.months;
  const formatPrice = (minor: number) => formatIn(minor, options.currency);
  return (
    <div className="space-y-5">
      <fieldset>
        <legend className="text-sm font-semibold">{t('plan.legend')}</legend>
        <p className="mt-0.5 text-xs text-muted">{t('plan.pricesFor', { months })}</p>
        <div className="mt-2 grid gap-2">
          {options.plans.map((p) => {
            const current = p.id === options.current.planId;
            const checked = p.id === plan;
            return (
              <label
                key={p.id}
                className={cn(
                  'flex cursor-pointer items-start gap-3 rounded-xl border p-3 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent',
                  checked ? 'border-accent bg-accent/10' : 'border-line bg-surface hover:border-muted',
                )}
              >
                <input
                  type="radio"
                  name="plan"
                  value={p.id}
                  checked={checked}
                  onChange={() => onPlan(p.id)}
                  aria-label={current ? t('plan.currentLabel', { name: p.name }) : p.name}
                  aria-describedby={`plan-${p.id}-details`}
                  className="mt-1 h-4 w-4 accent-accent"
                />
                <span className="min-w-0 flex-1">
                  <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                    <span className="font-semibold">{p.name}</span>
                    {current && <span className="rounded-full bg-violet/20 px-2 py-0.5 text-xs font-semibold text-ink">{t('plan.currentBadge')}</span>}
                    {p.recommended && !current && <span className="rounded-full bg-accent/15 px-2 py-0.5 text-xs text-ink">{t('plan.recommended')}</span>}
                  </span>
                  <span id={`plan-${p.id}-details`} className="mt-0.5 block text-xs text-muted">
                    {t('plan.specs', { ram: p.ramGb, vcpu: p.vcpu, disk: p.diskGb, players: p.playerCap })}
                    <span className="sr-only">, {formatPrice(p.periodCents)} {perPeriod(months)}</span>
                  </span>
                </span>
                <span className="shrink-0 text-right text-sm font-semibold tabular-nums" aria-hidden="true">
                  {formatPrice(p.periodCents)}
                  <span className="block text-xs font-normal text-muted">{perPeriod(months)}</span>
                </span>
              </label>
            );
          })}
        </div>
      </fieldset>

      {options.addons.length > 0 && (
        <fieldset>
          <legend className="text-sm font-semibold">{t('plan.addons')}</legend>
          <div className="mt-2 grid gap-2">
            {options.addons.map((a) => {
              const quantity = addons[a.key] ?? 0;
              const price = t(a.maxQuantity > 1 ? 'plan.addonPriceEach' : 'plan.addonPrice', { price: formatPrice(a.periodCents), period: perPeriod(months) });
              if (a.maxQuantity > 1) {
                const id = `addon-${a.key}`;
                return (
                  <div key={a.key} className="flex flex-wrap items-center gap-3 rounded-xl border border-line bg-surface p-3">
                    <div className="min-w-0 flex-1">
                      <label htmlFor={id} className="block text-sm font-semibold">
                        {t('plan.howMany', { name: a.name })}
                      </label>
                      <p className="text-xs text-muted">
                        {a.description} · {price}
                      </p>
                    </div>
                    <input
                      id={id}
                      type="number"
                      inputMode="numeric"
                      min={0}
                      max={a.maxQuantity}
                      step={1}
                      value={quantity}
                      onChange={(e) => {
                        const n = Math.trunc(Number(e.target.value));
                        onAddon(a.key, Number.isFinite(n) ? Math.min(a.maxQuantity, Math.max(0, n)) : 0);
                      }}
                      className="h-10 w-20 rounded-lg border border-line bg-bg px-3 text-sm tabular-nums focus:border-accent focus:outline-none"
                    />
                  </div>
                );
              }
              return (
                <label
                  key={a.key}
                  className={cn(
                    'flex cursor-pointer items-start gap-3 rounded-xl border p-3 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent',
                    quantity > 0 ? 'border-accent bg-accent/10' : 'border-line bg-surface hover:border-muted',
                  )}
                >
                  <input
                    type="checkbox"
                    checked={quantity > 0}
                    onChange={(e) => onAddon(a.key, e.target.checked ? 1 : 0)}
                    className="mt-1 h-4 w-4 accent-accent"
                  />
                  <span className="min-w-0">
                    <span className="block text-sm font-semibold">{a.name}</span>
                    <span className="block text-xs text-muted">
                      {a.description} · {price}
                    </span>
                  </span>
                </label>
              );
            })}
          </div>
        </fieldset>
      )}
    </div>
  );
}
