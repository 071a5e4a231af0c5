import type { HTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

type Tone = 'green' | 'violet' | 'yellow' | 'red' | 'grey';
const tones: Record<Tone, string> = {
  green: 'bg-accent/15 text-accent border-accent/30',
  violet: 'bg-violet/15 text-violet border-violet/30',
  yellow: 'bg-warn/15 text-warn border-warn/30',
  red: 'bg-danger/15 text-danger border-danger/30',
  grey: 'bg-surface-2 text-muted border-line',
};

export function Badge({ tone = 'green', className, ...props }: HTMLAttributes<HTMLSpanElement> & { tone?: Tone }) {
  return (
    <span
      className={cn('inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-semibold', tones[tone], className)}
      {...props}
    />
  );
}
