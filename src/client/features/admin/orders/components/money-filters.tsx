import { Download, Search, SlidersHorizontal, X } from 'lucide-react';
import { useId, useState } from 'react';
import { adminMoneySorts } from '../../../../../shared/schemas/admin/orders';
import { Button, buttonClass } from '../../../../components/ui/button';
import { Input } from '../../../../components/ui/field';
import { Select } from '../../../../components/ui/select';
import { amountInputMode, currencyCaption, exampleAmount, majorText, readMajorAmount } from '../../../../../shared/money-input';
import { useCatalog, useShopCurrency } from '../../../../lib/catalog';
import { cn } from '../../../../lib/cn';
import { useDraft } from '../../../../lib/use-url-filters';
import { isMoneyFiltered, moneyFilterKeys, type MoneyParams } from '../api/money-params';
import { providerLabels, sortLabels } from './format';

const labelClass = 'mb-1 block text-xs font-semibold uppercase tracking-wide text-muted';

/** A box in `currency`'s major unit that sends its minor unit: "12.50" EUR becomes minCents=1250 once the typing pauses. */
function AmountBox({ label, currency, value, onCommit }: { label: string; currency: string; value: string; onCommit: (minor: string) => void }) {
  const id = useId();
  const read = (text: string) => readMajorAmount(text, currency);
  const { draft, setDraft, invalid } = useDraft({
    committed: value,
    parse: (text) => {
      const typed = read(text);
      return typed.ok ? (typed.minor === null ? '' : String(typed.minor)) : null;
    },
    format: (minor) => (minor === '' ? '' : majorText(Number(minor), currency)),
    commit: onCommit,
  });
  const typed = read(draft);
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label} in {currencyCaption(currency)}
      </label>
      <Input
        id={id}
        inputMode={amountInputMode(currency)}
        autoComplete="off"
        placeholder={exampleAmount(currency)}
        aria-invalid={invalid}
        aria-describedby={invalid ? `${id}-error` : undefined}
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
      />
      {invalid && !typed.ok && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-xs text-danger">
          {typed.error}
        </p>
      )}
    </div>
  );
}

export interface MoneyFiltersProps {
  /** "orders" or "invoices": names the search box and the export. */
  noun: string;
  searchPlaceholder: string;
  statuses: { value: string; label: string }[];
  params: MoneyParams;
  patch: (changes: MoneyParams) => void;
  exportUrl: string;
}

/** The lists' filters: search, status, provider, game, date and amount ranges, and the order. */
export function MoneyFilters(props: MoneyFiltersProps) {
  const { noun, searchPlaceholder, statuses, params, patch, exportUrl } = props;
  const filtered = isMoneyFiltered(params);
  // The sort order is how the rows are shown, not which: clearing keeps it.
  const clear = () => patch(Object.fromEntries(moneyFilterKeys.filter((k) => k !== 'sort').map((k) => [k, ''])));
  const { data: catalog } = useCatalog();
  const shop = useShopCurrency();
  // Amounts compare only within one currency: the one chosen, else the shop's (the server does the same).
  const amountCurrency = params.currency || shop;
  const currencies = [...new Set([shop, ...(catalog?.currencies ?? []), ...(params.currency ? [params.currency] : [])])];
  const ids = { search: useId(), status: useId(), provider: useId(), game: useId(), currency: useId(), from: useId(), to: useId(), sort: useId(), more: useId() };
  const search = useDraft({
    committed: params.q ?? '',
    parse: (text) => text.trim(),
    format: (value) => value,
    commit: (q) => patch({ q }),
  });
  // On a phone only the search shows until the filters are opened; wider screens show them all.
  const [open, setOpen] = useState(false);
  const active = (['status', 'provider', 'game', 'currency', 'from', 'to', 'minCents', 'maxCents'] as const).filter((k) => params[k]).length;
  const more = open ? '' : 'hidden sm:block';
  const backwards = Boolean(params.from && params.to && params.from > params.to);
  const upsideDown = Boolean(params.minCents && params.maxCents && Number(params.minCents) > Number(params.maxCents));

  return (
    <section aria-label={`Filter ${noun}`} className="space-y-3 rounded-2xl border border-line bg-surface p-4">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <div className="sm:col-span-2 lg:col-span-1" role="search">
          <label htmlFor={ids.search} className={labelClass}>
            Search {noun}
          </label>
          <div className="relative">
            <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted" aria-hidden="true" />
            <Input
              id={ids.search}
              type="search"
              placeholder={searchPlaceholder}
              className="pl-9"
              value={search.draft}
              onChange={(e) => search.setDraft(e.target.value)}
            />
          </div>
          <Button
            size="sm"
            variant="outline"
            className="mt-2 w-full sm:hidden"
            aria-expanded={open}
            aria-controls={ids.more}
            onClick={() => setOpen((o) => !o)}
          >
            <SlidersHorizontal className="h-4 w-4" aria-hidden="true" />
            {open ? 'Hide filters' : active ? `Filters (${active} on)` : 'Filters'}
          </Button>
        </div>
        <div className={more}>
          <label htmlFor={ids.status} className={labelClass}>
            Status
          </label>
          <Select id={ids.status} value={params.status ?? ''} onChange={(e) => patch({ status: e.target.value })}>
            <option value="">Any status</option>
            {statuses.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </Select>
        </div>
        <div className={more}>
          <label htmlFor={ids.provider} className={labelClass}>
            Provider
          </label>
          <Select id={ids.provider} value={params.provider ?? ''} onChange={(e) => patch({ provider: e.target.value })}>
            <option value="">Any provider</option>
            {Object.entries(providerLabels).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </Select>
        </div>
        <div className={more}>
          <label htmlFor={ids.game} className={labelClass}>
            Game
          </label>
          <Select id={ids.game} value={params.game ?? ''} onChange={(e) => patch({ game: e.target.value })}>
            <option value="">Any game</option>
            {catalog?.games.map((g) => (
              <option key={g.slug} value={g.slug}>
                {g.name}
              </option>
            ))}
          </Select>
        </div>
      </div>
      <div id={ids.more} className={cn('gap-3 sm:grid sm:grid-cols-2', currencies.length > 1 ? 'lg:grid-cols-6' : 'lg:grid-cols-5', open ? 'grid' : 'hidden')}>
        {currencies.length > 1 && (
          <div>
            <label htmlFor={ids.currency} className={labelClass}>
              Currency
            </label>
            {/* The amounts typed mean something else in another currency, so changing it clears them. */}
            <Select id={ids.currency} value={params.currency ?? ''} onChange={(e) => patch({ currency: e.target.value, minCents: '', maxCents: '' })}>
              <option value="">Any currency</option>
              {currencies.map((c) => (
                <option key={c} value={c}>
                  {c.toUpperCase()}
                </option>
              ))}
            </Select>
          </div>
        )}
        <div>
          <label htmlFor={ids.from} className={labelClass}>
            From
          </label>
          <Input id={ids.from} type="date" value={params.from ?? ''} max={params.to} onChange={(e) => patch({ from: e.target.value })} />
        </div>
        <div>
          <label htmlFor={ids.to} className={labelClass}>
            To
          </label>
          <Input id={ids.to} type="date" value={params.to ?? ''} min={params.from} onChange={(e) => patch({ to: e.target.value })} />
        </div>
        <AmountBox key={`min-${amountCurrency}`} label="Min amount" currency={amountCurrency} value={params.minCents ?? ''} onCommit={(minCents) => patch({ minCents })} />
        <AmountBox key={`max-${amountCurrency}`} label="Max amount" currency={amountCurrency} value={params.maxCents ?? ''} onCommit={(maxCents) => patch({ maxCents })} />
        <div>
          <label htmlFor={ids.sort} className={labelClass}>
            Sort by
          </label>
          <Select id={ids.sort} value={params.sort ?? 'newest'} onChange={(e) => patch({ sort: e.target.value === 'newest' ? '' : e.target.value })}>
            {adminMoneySorts.map((s) => (
              <option key={s} value={s}>
                {sortLabels[s]}
              </option>
            ))}
          </Select>
        </div>
      </div>
      {(backwards || upsideDown) && (
        <p role="alert" className="text-sm text-warn">
          {backwards ? 'The start date is after the end date, so nothing can match.' : 'The minimum amount is above the maximum, so nothing can match.'}
        </p>
      )}
      <div className="flex flex-wrap items-center justify-between gap-2 border-t border-line pt-3">
        <p className="text-xs text-muted">
          Dates are whole days in UTC, both included. Amounts are the total charged, in {amountCurrency.toUpperCase()}
          {currencies.length > 1 && !params.currency ? '; while one is set, other currencies are left out.' : '.'}
        </p>
        <div className="flex flex-wrap gap-2">
          {filtered && (
            <Button size="sm" variant="ghost" onClick={clear}>
              <X className="h-4 w-4" aria-hidden="true" />
              Clear filters
            </Button>
          )}
          <a href={exportUrl} download className={buttonClass('outline', 'sm')}>
            <Download className="h-4 w-4" aria-hidden="true" />
            Export CSV
          </a>
        </div>
      </div>
    </section>
  );
}
