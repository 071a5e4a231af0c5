import type { StatusComponent } from '../../../../shared/schemas/status';
import { cn } from '../../../lib/cn';
import { useLocale, useT } from '../../../lib/i18n';

const colour = { up: 'bg-accent', degraded: 'bg-warn', down: 'bg-danger', none: 'bg-line' } as const;
const words = { up: 'status.up', degraded: 'status.degraded', down: 'status.down', none: 'status.noData' } as const;

function dayName(format: Intl.DateTimeFormat, day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : format.format(date);
}

/** 90 daily bars, oldest first; one label sums them up for screen readers. */
export function StatusBars({ days }: { days: StatusComponent['days'] }) {
  const t = useT();
  const locale = useLocale();
  // A day of the history is a UTC calendar day ('2026-11-27'), written as the page's language writes dates.
  const dayFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  const count = (s: keyof typeof colour) => days.filter((d) => d.state === s).length;
  const summary = t('status.bars', { days: days.length, up: count('up'), degraded: count('degraded'), down: count('down'), none: count('none') });
  return (
    <div role="img" aria-label={summary} className="mt-3 flex h-8 items-stretch gap-px">
      {days.map((d) => (
        <span key={d.day} title={t('status.barTitle', { day: dayName(dayFormat, d.day), state: t(words[d.state]) })} className={cn('flex-1 rounded-sm', colour[d.state])} />
      ))}
    </div>
  );
}
