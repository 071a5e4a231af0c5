import { Coins } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { chooseCurrency, useCatalog } from '../../lib/catalog';
import { cn } from '../../lib/cn';
import { useT } from '../../lib/i18n';

/**
 * The currency picker of the header, beside the language picker (decision 063). It shows only when
 * the shop offers more than one currency. The choice is remembered (a cookie, and the account's
 * preference when signed in) and the page's prices follow at once: the catalog is fetched again
 * priced in it, with no reload.
 */
/** `className` sets the display too ('inline-flex' when absent): cn() does not merge conflicting utilities. */
export function CurrencyPicker({ className }: { className?: string }) {
  const t = useT();
  const id = useId();
  const { data } = useCatalog();
  const [busy, setBusy] = useState(false);
  const offered = data?.currencies ?? [];
  if (!data || offered.length < 2) return null;

  async function choose(next: string) {
    setBusy(true);
    try {
      await chooseCurrency(next);
    } catch {
      toast.error(t('layout.currency.failed', { currency: next.toUpperCase() }));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={cn('relative items-center', className ?? 'inline-flex')}>
      <label htmlFor={id} className="sr-only">
        {t('layout.currency.label')}
      </label>
      <Coins className="pointer-events-none absolute left-2.5 h-4 w-4 text-muted" aria-hidden="true" />
      <select
        id={id}
        value={data.currency}
        disabled={busy}
        onChange={(event) => void choose(event.target.value)}
        className="h-10 appearance-none rounded-lg border border-line bg-bg pl-8 pr-3 text-sm text-ink hover:bg-surface-2 focus:border-accent focus:outline-none"
      >
        {offered.map((code) => (
          <option key={code} value={code}>
            {code.toUpperCase()}
          </option>
        ))}
      </select>
    </div>
  );
}
