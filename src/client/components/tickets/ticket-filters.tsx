import { ticketPriorities, ticketStatuses } from '../../../shared/schemas/support';
import { Button } from '../ui/button';
import { Field } from '../ui/field';
import { Select } from '../ui/select';

const label = (v: string) => v[0]!.toUpperCase() + v.slice(1);

/** Status and priority selects; an empty value means "any". */
export function TicketFilters({
  id,
  status,
  priority,
  onChange,
}: {
  id?: string;
  status: string;
  priority: string;
  onChange: (next: { status: string; priority: string }) => void;
}) {
  return (
    <div id={id} role="group" aria-label="Ticket filters" className="grid gap-4 rounded-xl border border-line bg-surface p-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
      <Field label="Status">
        {({ id: fieldId }) => (
          <Select id={fieldId} value={status} onChange={(e) => onChange({ status: e.target.value, priority })}>
            <option value="">All statuses</option>
            {ticketStatuses.map((s) => (
              <option key={s} value={s}>
                {label(s)}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label="Priority">
        {({ id: fieldId }) => (
          <Select id={fieldId} value={priority} onChange={(e) => onChange({ status, priority: e.target.value })}>
            <option value="">All priorities</option>
            {ticketPriorities.map((p) => (
              <option key={p} value={p}>
                {label(p)}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Button variant="ghost" disabled={!status && !priority} onClick={() => onChange({ status: '', priority: '' })}>
        Clear filters
      </Button>
    </div>
  );
}
