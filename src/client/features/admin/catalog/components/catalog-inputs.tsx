import { useEffect, useId, useState, type ReactNode } from 'react';
import { amountInputMode, majorText, readMajorAmount } from '../../../../../shared/money-input';
import { belowMinimumCharge, minimumChargeWarning } from '../../../../../shared/price-lists';
import { cn } from '../../../../lib/cn';

const control =
  'w-full rounded-md border border-line bg-bg px-2 py-1.5 text-sm text-ink placeholder:text-muted/70 focus:border-accent focus:outline-none aria-[invalid=true]:border-danger';

/** The minor unit typed: undefined when the box is empty and may be, null when the text is not an amount. */
function typedMinor(text: string, currency: string, required: boolean): number | undefined | null {
  const typed = readMajorAmount(text, currency, { required });
  return typed.ok ? (typed.minor ?? undefined) : null;
}

type PriceInputProps = {
  currency: string;
  /** The box's whole accessible name: "Minecraft 4GB monthly price in USD", "Minecraft 4GB: price in EUR". */
  label: string;
  invalid?: boolean;
  /** A plan's or pack's price, charged on its own: say when it is under the currency's minimum charge (decision 073). */
  warnBelowMinimum?: boolean;
} & (
  | { optional?: false; minor: number; onChange: (minor: number) => void }
  | { optional: true; minor: number | undefined; onChange: (minor: number | undefined) => void }
);

/**
 * A price typed in `currency`'s major unit ("14.00" EUR, "1500" JPY), its code beside it; the draft
 * holds the minor unit, NaN while the text is not an amount. `optional` (a price-list entry): empty
 * means no price. Text that is not an amount says why under the box, and with `warnBelowMinimum` a
 * price under Stripe's smallest charge in the currency is named as such.
 */
export function PriceInput(props: PriceInputProps) {
  const { currency, label, invalid, warnBelowMinimum } = props;
  const required = !props.optional;
  const minor = props.minor;
  const emit = props.onChange as (minor: number | undefined) => void;
  const [text, setText] = useState(minor === undefined ? '' : majorText(minor, currency));
  const errorId = useId();
  const warningId = useId();
  // Follow the draft when it changes from outside (discard, reload, another currency), not while typing.
  useEffect(() => {
    setText((current) => {
      const parsed = typedMinor(current, currency, required);
      const same = parsed === minor || (parsed === null && Number.isNaN(minor ?? 0));
      return same ? current : minor === undefined ? '' : majorText(minor, currency);
    });
  }, [minor, currency, required]);
  const typed = readMajorAmount(text, currency, { required });
  const low = Boolean(warnBelowMinimum) && typed.ok && typed.minor !== null && belowMinimumCharge(typed.minor, currency);
  const describedBy = [typed.ok ? null : errorId, low ? warningId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="min-w-[7.5rem]">
      <div className="flex items-center gap-1">
        <span className="text-xs font-semibold text-muted" aria-hidden="true">
          {currency.toUpperCase()}
        </span>
        <input
          type="text"
          inputMode={amountInputMode(currency)}
          aria-label={label}
          aria-invalid={invalid || !typed.ok || undefined}
          aria-describedby={describedBy}
          placeholder={required ? undefined : 'not set'}
          className={cn(control, 'text-right tabular-nums')}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            const parsed = typedMinor(e.target.value, currency, required);
            emit(parsed === null ? Number.NaN : parsed);
          }}
          onBlur={() => {
            const parsed = typedMinor(text, currency, required);
            if (typeof parsed === 'number') setText(majorText(parsed, currency));
          }}
        />
      </div>
      {!typed.ok && (
        <p id={errorId} className="mt-1 max-w-[14rem] text-xs text-danger">
          {typed.error}
        </p>
      )}
      {low && (
        <p id={warningId} className="mt-1 max-w-[14rem] text-xs text-warn">
          {minimumChargeWarning(currency)}
        </p>
      )}
    </div>
  );
}

/** A number; empty gives null when `optional`, else NaN (which the checks report). */
export function NumberInput({
  value,
  onChange,
  label,
  invalid,
  step = 1,
  optional,
  placeholder,
  className,
}: {
  value: number | null;
  onChange: (value: number | null) => void;
  label: string;
  invalid?: boolean;
  step?: number;
  optional?: boolean;
  placeholder?: string;
  className?: string;
}) {
  return (
    <input
      type="number"
      inputMode={step < 1 ? 'decimal' : 'numeric'}
      step={step}
      min={0}
      aria-label={label}
      aria-invalid={invalid || undefined}
      placeholder={placeholder}
      className={cn(control, 'min-w-[4.5rem] text-right tabular-nums', className)}
      value={value === null || Number.isNaN(value) ? '' : String(value)}
      onChange={(e) => onChange(e.target.value === '' ? (optional ? null : Number.NaN) : Number(e.target.value))}
    />
  );
}

export function TextInput({
  value,
  onChange,
  label,
  invalid,
  className,
  placeholder,
}: {
  value: string;
  onChange: (value: string) => void;
  label: string;
  invalid?: boolean;
  className?: string;
  placeholder?: string;
}) {
  return (
    <input
      type="text"
      aria-label={label}
      aria-invalid={invalid || undefined}
      placeholder={placeholder}
      className={cn(control, className)}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

export function Checkbox({ checked, onChange, label, children }: { checked: boolean; onChange: (checked: boolean) => void; label: string; children?: ReactNode }) {
  return (
    <label className="inline-flex cursor-pointer items-center gap-2 text-sm">
      <input type="checkbox" className="h-4 w-4 rounded border-line accent-accent" aria-label={label} checked={checked} onChange={(e) => onChange(e.target.checked)} />
      {children}
    </label>
  );
}

/** The column headers of a section's table. */
export function Head({ columns }: { columns: (string | { label: string; hint: string })[] }) {
  return (
    <thead className="text-left text-xs uppercase tracking-wide text-muted">
      <tr>
        {columns.map((c) => {
          const label = typeof c === 'string' ? c : c.label;
          return (
            <th key={label} scope="col" className="whitespace-nowrap px-2 py-2 font-medium" title={typeof c === 'string' ? undefined : c.hint}>
              {label}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}

/** How many running services use an item: staff see what hiding or repricing it touches. */
export function InUse({ count }: { count: number | undefined }) {
  if (!count) return <span className="text-muted">—</span>;
  return (
    <span className="whitespace-nowrap tabular-nums">
      {count} {count === 1 ? 'service' : 'services'}
    </span>
  );
}

/** Lower-case letters, digits and single dashes, from a name: "Extra RAM" → "extra-ram". */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 64);
}

/** A key not yet taken: "new-plan", then "new-plan-2", ... */
export function freeKey(base: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  const stem = slugify(base) || 'item';
  if (!used.has(stem)) return stem;
  for (let i = 2; ; i += 1) if (!used.has(`${stem}-${i}`)) return `${stem}-${i}`;
}
