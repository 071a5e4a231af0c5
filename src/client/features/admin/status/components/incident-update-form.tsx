import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import {
  incidentStates,
  incidentUpdateSchema,
  maintenanceStates,
  statusIncidentStateLabels,
  type StatusIncidentState,
  type AdminIncident,
} from '../../../../../shared/schemas/status';
import { Button } from '../../../../components/ui/button';
import { Field, Textarea } from '../../../../components/ui/field';
import { Select } from '../../../../components/ui/select';
import { errorMessage } from '../../../../lib/errors';
import { useUpdateIncident } from '../api/update-incident';

/** Adds an update to an open incident or notice: a message and its new state. */
export function IncidentUpdateForm({ incident }: { incident: AdminIncident }) {
  const states = incident.kind === 'incident' ? incidentStates : maintenanceStates;
  const [state, setState] = useState<StatusIncidentState>(incident.state);
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string>();
  const update = useUpdateIncident();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = incidentUpdateSchema.safeParse({ state, message });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    try {
      await update.mutateAsync({ id: incident.id, ...parsed.data });
      toast.success('Update posted');
      setMessage('');
    } catch (e) {
      toast.error('Could not post the update', { description: errorMessage(e) });
    }
  }

  return (
    <form className="mt-4 grid gap-3 sm:grid-cols-[12rem_1fr_auto] sm:items-end" onSubmit={(e) => void submit(e)} noValidate>
      <Field label="New state">
        {({ id }) => (
          <Select id={id} value={state} onChange={(e) => setState(e.target.value as StatusIncidentState)}>
            {states.map((s) => (
              <option key={s} value={s}>
                {statusIncidentStateLabels[s]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label="Update message" error={error}>
        {({ id, describedBy }) => <Textarea id={id} rows={2} aria-describedby={describedBy} value={message} onChange={(e) => setMessage(e.target.value)} />}
      </Field>
      <Button type="submit" disabled={update.isPending}>
        {update.isPending ? 'Posting...' : 'Post update'}
      </Button>
    </form>
  );
}
