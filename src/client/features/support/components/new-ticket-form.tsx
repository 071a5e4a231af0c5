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
import { fieldMessage } from '../../../lib/field-message';
import { useT } from '../../../lib/i18n';
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

function pickErrors(source: Record<string, string | undefined>): Errors {
  const errors: Errors = {};
  for (const name of order) if (source[name]) errors[name] = fieldMessage(source[name]);
  return errors;
}

/** The spec's ticket form: Subject, Category ('Select category'), Priority (medium), Description (6 rows). */
export function NewTicketForm({ onCreated, onCancel }: { onCreated: (ticket: TicketDetail) => void; onCancel?: () => void }) {
  const t = useT();
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
      toast.error(t('common.error'), { description: t('support.form.failed') });
      return;
    }
    try {
      const ticket = await mutation.mutateAsync(parsed.data);
      setValues(emptyTicket);
      setErrors({});
      toast.success(t('support.form.success'), { description: t('support.form.created') });
      onCreated(ticket);
    } catch (error) {
      showErrors(pickErrors(fieldErrors(error)));
      toast.error(t('common.error'), { description: t('support.form.failed') });
    }
  }

  const invalid = (name: FieldName) => (errors[name] ? true : undefined);
  const ref = (name: FieldName) => (el: HTMLElement | null) => {
    refs.current[name] = el;
  };

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} aria-label={t('support.form.label')} className="space-y-4">
      <Field label={t('support.form.subject')} error={errors.subject}>
        {({ id, describedBy }) => (
          <Input
            id={id}
            ref={ref('subject')}
            name="subject"
            required
            maxLength={200}
            placeholder={t('support.form.subjectPlaceholder')}
            aria-invalid={invalid('subject')}
            aria-describedby={describedBy}
            value={values.subject}
            onChange={(e) => update('subject', e.target.value)}
          />
        )}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('support.form.category')} error={errors.category}>
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
              <option value="">{t('support.form.selectCategory')}</option>
              {ticketCategories.map((c) => (
                <option key={c} value={c}>
                  {t(`support.category.${c}`)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label={t('support.form.priority')} error={errors.priority}>
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
                  {t(`support.priorityName.${p}`)}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
      {serverOptions.length > 0 && (
        <Field label={t('support.form.server')} error={errors.serverId} hint={t('support.form.serverHint')}>
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
              <option value="">{t('support.form.noServer')}</option>
              {serverOptions.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </Select>
          )}
        </Field>
      )}
      <Field label={t('support.form.description')} error={errors.description}>
        {({ id, describedBy }) => (
          <Textarea
            id={id}
            ref={ref('description')}
            name="description"
            rows={6}
            required
            placeholder={t('support.form.descriptionPlaceholder')}
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
            {t('common.cancel')}
          </Button>
        )}
        <Button type="submit" disabled={mutation.isPending}>
          {mutation.isPending && <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />}
          {mutation.isPending ? t('support.form.creating') : t('support.form.create')}
        </Button>
      </div>
    </form>
  );
}
