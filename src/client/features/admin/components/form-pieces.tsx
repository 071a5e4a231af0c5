import { Field, Input } from '../../../components/ui/field';

/** One option of a console form's checkbox group or select. */
export interface Choice {
  value: string;
  label: string;
}

/** An ISO time as the value of a datetime-local input, in the browser's time zone. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local input's value as an ISO time; null when it is empty or not a time. */
export function fromLocalInput(local: string): string | null {
  if (!local) return null;
  const t = new Date(local);
  return Number.isNaN(t.getTime()) ? null : t.toISOString();
}

/** A group of checkboxes under a legend, for choosing some of a list (games, locations, services). */
export function CheckboxGroup({
  legend,
  choices,
  chosen,
  onChange,
  empty,
  error,
}: {
  legend: string;
  choices: Choice[];
  chosen: string[];
  onChange: (values: string[]) => void;
  /** What to say when there is nothing to choose. */
  empty: string;
  error?: string;
}) {
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-ink">{legend}</legend>
      {choices.length === 0 && <p className="text-sm text-muted">{empty}</p>}
      <div className="flex flex-wrap gap-x-5 gap-y-2">
        {choices.map((c) => (
          <label key={c.value} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={chosen.includes(c.value)}
              onChange={(e) => onChange(e.target.checked ? [...chosen, c.value] : chosen.filter((v) => v !== c.value))}
            />
            {c.label}
          </label>
        ))}
      </div>
      {error && (
        <p role="alert" className="mt-1 text-xs text-danger">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** A time window's two datetime-local fields, side by side on wider screens. */
export function TimeWindowFields({
  startsAt,
  endsAt,
  onStartsAt,
  onEndsAt,
  endLabel,
  errors,
}: {
  startsAt: string;
  endsAt: string;
  onStartsAt: (value: string) => void;
  onEndsAt: (value: string) => void;
  endLabel: string;
  errors: { startsAt?: string; endsAt?: string };
}) {
  return (
    <>
      <Field label="Starts (your local time)" error={errors.startsAt}>
        {({ id, describedBy }) => <Input id={id} type="datetime-local" aria-describedby={describedBy} value={startsAt} onChange={(e) => onStartsAt(e.target.value)} />}
      </Field>
      <Field label={endLabel} error={errors.endsAt}>
        {({ id, describedBy }) => <Input id={id} type="datetime-local" aria-describedby={describedBy} value={endsAt} onChange={(e) => onEndsAt(e.target.value)} />}
      </Field>
    </>
  );
}

/** The reason every audited console change asks for. */
export function ReasonField({ value, onChange, error }: { value: string; onChange: (value: string) => void; error?: string }) {
  return (
    <Field label="Reason" error={error} hint="Kept in the audit log.">
      {({ id, describedBy }) => <Input id={id} aria-describedby={describedBy} aria-invalid={Boolean(error)} value={value} onChange={(e) => onChange(e.target.value)} />}
    </Field>
  );
}
