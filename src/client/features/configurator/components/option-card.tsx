import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn';

/** A radio input styled as a selectable card; the whole card is the label. */
export function OptionCard({
  name,
  value,
  checked,
  onChange,
  children,
  className,
}: {
  name: string;
  value: string;
  checked: boolean;
  onChange: (value: string) => void;
  children: ReactNode;
  className?: string;
}) {
  return (
    <label
      className={cn(
        'relative flex cursor-pointer flex-col rounded-xl border p-4 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent',
        checked ? 'border-accent bg-accent/10' : 'border-line bg-surface hover:border-muted',
        className,
      )}
    >
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={() => onChange(value)}
        // Invisible but covering the whole card, so a pointer lands on the radio itself.
        className="absolute inset-0 m-0 h-full w-full cursor-pointer appearance-none opacity-0"
      />
      {children}
    </label>
  );
}
