import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import {
  incidentCreateSchema,
  incidentStates,
  maintenanceStates,
  statusIncidentStateLabels,
  type StatusIncidentKind,
  type StatusIncidentState,
} from '../../../../../shared/schemas/status';
import { Button } from '../../../../components/ui/button';
import { Field, Input, Textarea } from '../../../../components/ui/field';
import { Select } from '../../../../components/ui/select';
import { errorMessage } from '../../../../lib/errors';
import { usePostIncident } from '../api/post-incident';
import { CheckboxGroup, fromLocalInput, ReasonField, TimeWindowFields, type Choice } from '../../components/form-pieces';

/** Posts an incident or a maintenance notice; customers with a server in an affected location are emailed. */
export function IncidentForm({ components, locations }: { components: Choice[]; locations: Choice[] }) {
  const [kind, setKind] = useState<StatusIncidentKind>('incident');
  const [state, setState] = useState<StatusIncidentState>('investigating');
  const [title, setTitle] = useState('');
  const [message, setMessage] = useState('');
  const [chosenComponents, setChosenComponents] = useState<string[]>([]);
  const [chosenLocations, setChosenLocations] = useState<string[]>([]);
  const [startsAt, setStartsAt] = useState('');
  const [endsAt, setEndsAt] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const post = usePostIncident();
  const states = kind === 'incident' ? incidentStates : maintenanceStates;

  function changeKind(next: StatusIncidentKind) {
    setKind(next);
    setState(next === 'incident' ? 'investigating' : 'scheduled');
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = incidentCreateSchema.safeParse({
      kind,
      state,
      title,
      message,
      components: chosenComponents,
      locations: chosenLocations,
      startsAt: kind === 'maintenance' ? fromLocalInput(startsAt) : null,
      endsAt: kind === 'maintenance' ? fromLocalInput(endsAt) : null,
      reason,
    });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0] ?? 'form'), i.message])));
      return;
    }
    setErrors({});
    try {
      const posted = await post.mutateAsync(parsed.data);
      toast.success(kind === 'maintenance' ? 'Maintenance notice posted' : 'Incident posted', {
        description: posted.emailing
          ? 'It shows on the status page. Its customers are being emailed; the count shows in the list.'
          : `It shows on the status page. ${posted.notified} customer(s) emailed.`,
      });
      setTitle('');
      setMessage('');
      setReason('');
    } catch (e) {
      toast.error('Could not post it', { description: errorMessage(e) });
    }
  }

  return (
    <form className="space-y-4 rounded-2xl border border-line bg-surface p-5" onSubmit={(e) => void submit(e)} noValidate>
      <h2 className="text-lg font-semibold">Post an incident or maintenance</h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Kind">
          {({ id }) => (
            <Select id={id} value={kind} onChange={(e) => changeKind(e.target.value as StatusIncidentKind)}>
              <option value="incident">Incident</option>
              <option value="maintenance">Maintenance</option>
            </Select>
          )}
        </Field>
        <Field label="State" error={errors.state}>
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
      </div>
      <Field label="Title" error={errors.title}>
        {({ id, describedBy }) => <Input id={id} aria-describedby={describedBy} value={title} onChange={(e) => setTitle(e.target.value)} />}
      </Field>
      <Field label="Message to customers" error={errors.message}>
        {({ id, describedBy }) => <Textarea id={id} rows={4} aria-describedby={describedBy} value={message} onChange={(e) => setMessage(e.target.value)} />}
      </Field>
      {kind === 'maintenance' && (
        <div className="grid gap-4 sm:grid-cols-2">
          <TimeWindowFields startsAt={startsAt} endsAt={endsAt} onStartsAt={setStartsAt} onEndsAt={setEndsAt} endLabel="Ends (your local time)" errors={errors} />
        </div>
      )}
      <CheckboxGroup legend="Affected services" choices={components} chosen={chosenComponents} onChange={setChosenComponents} empty="None known yet." />
      <CheckboxGroup legend="Affected locations (their customers are emailed)" choices={locations} chosen={chosenLocations} onChange={setChosenLocations} empty="None known yet." />
      {errors.components && (
        <p role="alert" className="text-sm text-danger">
          {errors.components}
        </p>
      )}
      <ReasonField value={reason} onChange={setReason} error={errors.reason} />
      <div className="flex justify-end">
        <Button type="submit" disabled={post.isPending}>
          {post.isPending ? 'Posting...' : 'Post it'}
        </Button>
      </div>
    </form>
  );
}
