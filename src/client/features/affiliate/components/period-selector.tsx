import { affiliatePeriods, type AffiliatePeriod } from '../../../../shared/affiliate';
import { cn } from '../../../lib/cn';
import { useT } from '../../../lib/i18n';

/** Week, month, quarter or year: the figures are for that many days up to now, against the same span before. */
export function PeriodSelector({ value, onChange }: { value: AffiliatePeriod; onChange: (period: AffiliatePeriod) => void }) {
  const t = useT();
  return (
    <div role="group" aria-label={t('affiliate.period.label')} className="inline-flex rounded-xl border border-line bg-surface p-1">
      {affiliatePeriods.map((p) => (
        <button
          key={p}
          type="button"
          aria-pressed={value === p}
          onClick={() => onChange(p)}
          className={cn(
            'rounded-lg px-3 py-1.5 text-sm font-semibold',
            value === p ? 'bg-surface-2 text-ink' : 'text-muted hover:text-ink',
          )}
        >
          {t(`affiliate.period.${p}`)}
        </button>
      ))}
    </div>
  );
}
