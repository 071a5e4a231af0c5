import { useId } from 'react';
import { brandSurfaces, inkOn, primaryColorChecks } from '../../../../../shared/brand';
import { brandInputSchema } from '../../../../../shared/schemas/brand';
import { Field, Input } from '../../../../components/ui/field';

const HEX = /^#[0-9a-f]{6}$/i;

/** Why the server would refuse this colour, in its own words (the shared schema), or undefined. */
export function colorProblem(value: string): string | undefined {
  const result = brandInputSchema.shape.primaryColor.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

/**
 * The primary colour, with the AA check the server applies shown as it is typed: each place the
 * colour meets text, its contrast, and a preview on the site's own surfaces.
 */
export function BrandColorCheck({ value, error, onChange }: { value: string; error?: string; onChange(value: string): void }) {
  const pickerId = useId();
  const trimmed = value.trim().toLowerCase();
  const valid = HEX.test(trimmed);
  const problem = colorProblem(value);
  const shown = error ?? problem;
  const checks = valid ? primaryColorChecks(trimmed) : [];
  return (
    <div className="grid gap-3">
      <div className="grid items-end gap-3 sm:grid-cols-[1fr_auto]">
        <Field label="Primary colour" error={shown} hint="Buttons, links and highlights. It must keep every text it meets readable (WCAG AA, 4.5:1).">
          {({ id, describedBy }) => (
            <Input
              id={id}
              className="font-mono"
              spellCheck={false}
              autoComplete="off"
              aria-describedby={describedBy}
              aria-invalid={Boolean(shown)}
              value={value}
              onChange={(e) => onChange(e.target.value)}
            />
          )}
        </Field>
        <div className={shown ? 'self-start pt-7' : undefined}>
          <label htmlFor={pickerId} className="sr-only">
            Pick the primary colour
          </label>
          <input
            id={pickerId}
            type="color"
            className="h-11 w-14 cursor-pointer rounded-lg border border-line bg-bg p-1"
            value={valid ? trimmed : '#000000'}
            onChange={(e) => onChange(e.target.value)}
          />
        </div>
      </div>
      {valid && (
        <div className="grid gap-3 rounded-lg border border-line p-3 sm:grid-cols-[auto_1fr]">
          <div className="flex flex-wrap items-center gap-3 rounded-md p-3" style={{ background: brandSurfaces.page }} aria-hidden="true">
            <span className="rounded-md px-3 py-1.5 text-sm font-semibold" style={{ background: trimmed, color: inkOn(trimmed) }}>
              Deploy now
            </span>
            <span className="text-sm font-medium underline" style={{ color: trimmed }}>
              A link
            </span>
          </div>
          <ul className="grid gap-1 text-xs" aria-label="Contrast checks">
            {checks.map((c) => (
              <li key={c.pair} className={c.passes ? 'text-muted' : 'text-danger'}>
                <span className="font-semibold">{c.passes ? 'Passes' : 'Fails'}</span> · {c.pair}: {c.ratio.toFixed(2)}:1 (AA needs {c.required}:1)
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
