import { ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import type { SupportQuestion } from '../../../content/support';
import { cn } from '../../../lib/cn';

/** A disclosure list where opening one answer closes the others; the open one closes on a second click. */
export function SupportAccordion({ items }: { items: readonly SupportQuestion[] }) {
  const [openId, setOpenId] = useState<string | null>(null);
  const baseId = useId();

  return (
    <div className="divide-y divide-line overflow-hidden rounded-2xl border border-line bg-surface">
      {items.map((item) => {
        const open = openId === item.id;
        const buttonId = `${baseId}-${item.id}-button`;
        const panelId = `${baseId}-${item.id}-panel`;
        return (
          <div key={item.id}>
            <h3>
              <button
                type="button"
                id={buttonId}
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => setOpenId(open ? null : item.id)}
                className="flex w-full items-center justify-between gap-4 px-5 py-4 text-left text-base font-semibold text-ink hover:bg-surface-2 focus-visible:-outline-offset-2"
              >
                <span>{item.question}</span>
                <ChevronDown
                  className={cn('h-5 w-5 shrink-0 text-muted transition-transform', open && 'rotate-180 text-accent')}
                  aria-hidden="true"
                />
              </button>
            </h3>
            <div
              id={panelId}
              role="region"
              aria-labelledby={buttonId}
              hidden={!open}
              className="px-5 pb-5 text-sm leading-relaxed text-muted sm:text-base"
            >
              {item.answer}
            </div>
          </div>
        );
      })}
    </div>
  );
}
