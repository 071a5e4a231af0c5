import { useState, type FormEvent } from 'react';
import type { AuditFacets } from '../../../../../shared/schemas/admin/audit';
import { Button } from '../../../../components/ui/button';
import { Field, Input } from '../../../../components/ui/field';
import { Select } from '../../../../components/ui/select';
import type { AuditFilterValues } from '../api/get-audit';

/** Staff member, action, target id and date range; applied to the URL, so a view can be shared. */
export function AuditFilters({
  value,
  facets,
  onChange,
}: {
  value: AuditFilterValues;
  facets: AuditFacets | undefined;
  onChange: (next: AuditFilterValues) => void;
}) {
  const [target, setTarget] = useState(value.target ?? '');
  const set = (patch: Partial<AuditFilterValues>) => onChange({ ...value, ...patch });

  function submit(event: FormEvent) {
    event.preventDefault();
    set({ target: target.trim() || undefined });
  }

  const active = Object.values(value).some(Boolean);
  return (
    <form
      role="search"
      aria-label="Audit log filters"
      onSubmit={submit}
      className="grid gap-4 rounded-xl border border-line bg-surface p-4 sm:grid-cols-2 lg:grid-cols-3"
    >
      <Field label="Staff member">
        {({ id }) => (
          <Select id={id} value={value.actor ?? ''} onChange={(e) => set({ actor: e.target.value || undefined })}>
            <option value="">Everyone</option>
            {facets?.actors.map((a) => (
              <option key={a.id} value={a.id}>
                {a.email}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label="Action">
        {({ id }) => (
          <Select id={id} value={value.action ?? ''} onChange={(e) => set({ action: e.target.value || undefined })}>
            <option value="">All actions</option>
            {facets?.actions.map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label="Target id" hint="A customer, order, server or invitation id. Press Enter to apply.">
        {({ id, describedBy }) => (
          <Input id={id} aria-describedby={describedBy} value={target} onChange={(e) => setTarget(e.target.value)} onBlur={() => target.trim() !== (value.target ?? '') && set({ target: target.trim() || undefined })} />
        )}
      </Field>
      <Field label="From">
        {({ id }) => <Input id={id} type="date" value={value.from ?? ''} max={value.to} onChange={(e) => set({ from: e.target.value || undefined })} />}
      </Field>
      <Field label="To">
        {({ id }) => <Input id={id} type="date" value={value.to ?? ''} min={value.from} onChange={(e) => set({ to: e.target.value || undefined })} />}
      </Field>
      <div className="flex items-end gap-3">
        <Button type="submit" variant="outline">
          Apply
        </Button>
        <Button
          variant="ghost"
          disabled={!active}
          onClick={() => {
            setTarget('');
            onChange({});
          }}
        >
          Clear filters
        </Button>
      </div>
    </form>
  );
}
