import { Loader2 } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import {
  ticketCategories,
  ticketFormSchema,
  ticketPriorities,
  type TicketDetail,
} from '../../../../shared/schemas/support';
import { Button } from '../../../components/ui/button';
import { Field, Input, Textarea } from '../../../components/ui/field';
import { Select } from '../../../components/ui/select';
import { fieldErrors } from '../../../lib/errors';
import { useCreateTicket } from '../api/create-ticket';
import { useTicketServers } from '../api/get-ticket-servers';

interface Values {
  subject: string;
  category: string;
  priority: string;
  description: string;
  serverId: string;
}
type FieldName = keyof Values;
type Errors = Partial<Record<FieldName, string>>;

const order: FieldName[] = ['subject', 'category', 'priority', 'serverId', 'description'];
export const emptyTicket: Values = { subject: '', category: '', priority: 'medium', description: '', serverId: '' };
const label = (v: string) => v[0]!.toUpperCase() + v.slice(1);

function pickErrors(source: Record<string, string | undefined>): Errors {
  const errors: Errors = {};
  for (const name of order) if (source[name]) errors[name] = source[name];
  return errors;
}

/** The spec's ticket form: Subject, Category ('Select category'), Priority (medium), Description (6 rows). */
export function NewTicketForm({ onCreated, onCancel }: { onCreated: (ticket: TicketDetail) => void; onCancel?: () => void }) {
  const [values, setValues] = useState<Values>(emptyTicket);
  const [errors, setErrors] = useState<Errors>({});
  const refs = useRef<Partial<Record<FieldName, HTMLElement | null>>>({});
  const mutation = useCreateTicket();
  const servers = useTicketServers();
  const serverOptions = servers.data ?? [];

  function update(name: FieldName, value: string) {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => (e[name] ? { ...e, [name]: undefined } : e));
  }

  function showErrors(next: Errors) {
    setErrors(next);
    const first = order.find((name) => next[name]);
    if (first) refs.current[first]?.focus();
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = ticketFormSchema.safeParse({ ...values, serverId: values.serverId || undefined });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
      showErrors(pickErrors(found));
      toast.error('Error', { description: 'Failed to create support ticket' });
      return;
    }
    try {
      const ticket = await mutation.mutateAsync(parsed.data);
      setValues(emptyTicket);
      setErrors({});
      toast.success('Success', { description: 'Support ticket created successfully' });
      onCreated(ticket);
    } catch (error) {
      showErrors(pickErrors(fieldErrors(error)));
      toast.error('Error', { description: 'Failed to create support ticket' });
    }
  }

  const invalid = (name: FieldName) => (errors[name] ? true : undefined);
  const ref = (name: FieldName) => (el: HTMLElement | null) => {
    refs.current[name] = el;
  };

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} aria-label="New support ticket" className="space-y-4">
      <Field label="Subject" error={errors.subject}>
        {({ id, describedBy }) => (
          <Input
            id={id}
            ref={ref('subject')}
            name="subject"
            required
            maxLength={200}
            placeholder="Brief description of your issue"
            aria-invalid={invalid('subject')}
            aria-describedby={describedBy}
            value={values.subject}
            onChange={(e) => update('subject', e.target.value)}
          />
        )}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Category" error={errors.category}>
          {({ id, describedBy }) => (
            <Select
              id={id}
              ref={ref('category')}
              name="category"
              required
              aria-invalid={invalid('category')}
              aria-describedby={describedBy}
              value={values.category}
              onChange={(e) => update('category', e.target.value)}
            >
              <option value="">Select category</option>
              {ticketCategories.map((c) => (
                <option key={c} value={c}>
                  {label(c)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Priority" error={errors.priority}>
          {({ id, describedBy }) => (
            <Select
              id={id}
              ref={ref('priority')}
              name="priority"
              aria-invalid={invalid('priority')}
              aria-describedby={describedBy}
              value={values.priority}
              onChange={(e) => update('priority', e.target.value)}
            >
              {ticketPriorities.map((p) => (
                <option key={p} value={p}>
                  {label(p)}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
      {serverOptions.length > 0 && (
        <Field label="Related server" error={errors.serverId} hint="Optional: the server this ticket is about.">
          {({ id, describedBy }) => (
            <Select
              id={id}
              ref={ref('serverId')}
              name="serverId"
              aria-invalid={invalid('serverId')}
              aria-describedby={describedBy}
              value={values.serverId}
              onChange={(e) => update('serverId', e.target.value)}
            >
              <option value="">No particular server</option>
              {serverOptions.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </Select>
          )}
        </Field>
      )}
      <Field label="Description" error={errors.description}>
        {({ id, describedBy }) => (
          <Textarea
            id={id}
            ref={ref('description')}
            name="description"
            rows={6}
            required
            placeholder="Describe your issue in detail"
            aria-invalid={invalid('description')}
            aria-describedby={describedBy}
            value={values.description}
            onChange={(e) => update('description', e.target.value)}
          />
        )}
      </Field>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        {onCancel && (
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        )}
        <Button type="submit" disabled={mutation.isPending}>
          {mutation.isPending && <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />}
          {mutation.isPending ? 'Creating...' : 'Create Ticket'}
        </Button>
      </div>
    </form>
  );
}
