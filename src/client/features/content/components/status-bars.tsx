import type { StatusComponent } from '../../../../shared/schemas/status';
import { cn } from '../../../lib/cn';

const colour = { up: 'bg-accent', degraded: 'bg-warn', down: 'bg-danger', none: 'bg-line' } as const;
const words = { up: 'up', degraded: 'degraded', down: 'down', none: 'no data' } as const;

/** 90 daily bars, oldest first; one label sums them up for screen readers. */
export function StatusBars({ days }: { days: StatusComponent['days'] }) {
  const count = (s: keyof typeof colour) => days.filter((d) => d.state === s).length;
  const summary = `Last ${days.length} days: ${count('up')} up, ${count('degraded')} degraded, ${count('down')} down, ${count('none')} without data`;
  return (
    <div role="img" aria-label={summary} className="mt-3 flex h-8 items-stretch gap-px">
      {days.map((d) => (
        <span key={d.day} title={`${d.day}: ${words[d.state]}`} className={cn('flex-1 rounded-sm', colour[d.state])} />
      ))}
    </div>
  );
}
