import { cn } from '../../lib/cn';
import * as RadixTabs from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';

/** Tabs with arrow-key navigation; the selected tab can be kept in the URL by the caller. */
export function Tabs({
  value,
  onValueChange,
  label,
  tabs,
}: {
  value: string;
  onValueChange: (value: string) => void;
  label: string;
  tabs: { value: string; label: string; content: ReactNode }[];
}) {
  // A few tabs share a phone's width and wrap their words (hyphenated in the page's language: the
  // German billing tabs were cut to "Abre…"); more than three scroll sideways.
  const few = tabs.length <= 3;
  return (
    <RadixTabs.Root value={value} onValueChange={onValueChange}>
      <RadixTabs.List
        aria-label={label}
        className="mb-6 flex gap-1 overflow-x-auto rounded-xl border border-line bg-surface p-1"
      >
        {tabs.map((t) => (
          <RadixTabs.Trigger
            key={t.value}
            value={t.value}
            className={cn(
              'rounded-lg py-2 text-sm font-semibold text-muted hover:text-ink data-[state=active]:bg-surface-2 data-[state=active]:text-ink',
              few ? 'min-w-0 flex-1 hyphens-auto px-2 text-center sm:flex-none sm:whitespace-nowrap sm:px-4' : 'whitespace-nowrap px-4',
            )}
          >
            {t.label}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      {tabs.map((t) => (
        <RadixTabs.Content key={t.value} value={t.value} className="focus-visible:outline-none">
          {t.content}
        </RadixTabs.Content>
      ))}
    </RadixTabs.Root>
  );
}
