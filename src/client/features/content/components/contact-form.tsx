import { CircleAlert, CircleCheck, Loader2, Send } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { contactSchema, type ContactInput } from '../../../../shared/schemas/support';
import { Button } from '../../../components/ui/button';
import { Field, Input, Textarea } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-client';
import { useT, type Translate } from '../../../lib/i18n';
import type { PublicKey } from '../../../../shared/i18n/keys';
import { useSendContact, type ContactReceipt } from '../api/send-contact';

type FieldName = keyof ContactInput;
type FieldErrors = Partial<Record<FieldName, string>>;

const fieldNames: FieldName[] = ['name', 'email', 'subject', 'message'];
const empty: ContactInput = { name: '', email: '', subject: '', message: '' };

function isFieldName(key: string): key is FieldName {
  return (fieldNames as string[]).includes(key);
}

/** The schema's check that failed, in the page's language: required, too long, or (email) not an address. */
function checkWords(t: Translate, field: FieldName, code: string): string {
  const kind = code === 'too_small' ? 'Required' : code === 'too_big' ? 'Long' : field === 'email' ? 'Invalid' : 'Required';
  return t(`contact.check.${field}${kind}` as PublicKey);
}

function describeFailure(error: unknown, t: Translate): { message: string; fields: FieldErrors } {
  if (!(error instanceof ApiError)) {
    return { message: t('contact.failed'), fields: {} };
  }
  if (error.status === 429) {
    return { message: t('contact.tooMany'), fields: {} };
  }
  const fields: FieldErrors = {};
  for (const [key, text] of Object.entries(error.fields ?? {})) {
    if (isFieldName(key)) fields[key] = text;
  }
  if (Object.keys(fields).length > 0) {
    return { message: t('contact.fixFields'), fields };
  }
  return { message: error.message, fields: {} };
}

/** The reference in bold, wherever the language puts it in the sentence. */
function Receipt({ reference, email }: { reference: string; email: string }) {
  const t = useT();
  const [before, after] = t('contact.receipt', { reference: '\u0000', email }).split('\u0000');
  return (
    <p className="mt-1 text-muted">
      {before}
      <strong className="font-mono text-ink">{reference}</strong>
      {after}
    </p>
  );
}

/** The public contact form: checked with the same schema as the server, then stored as a guest ticket. */
export function ContactForm() {
  const t = useT();
  const [values, setValues] = useState<ContactInput>(empty);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [receipt, setReceipt] = useState<(ContactReceipt & { email: string }) | null>(null);
  const refs = useRef<Partial<Record<FieldName, HTMLInputElement | HTMLTextAreaElement | null>>>({});
  const mutation = useSendContact();

  function update(name: FieldName, value: string) {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => (current[name] ? { ...current, [name]: undefined } : current));
  }

  function focusFirst(fieldErrors: FieldErrors) {
    const first = fieldNames.find((name) => fieldErrors[name]);
    if (first) refs.current[first]?.focus();
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setServerError(null);
    const parsed = contactSchema.safeParse(values);
    if (!parsed.success) {
      const fieldErrors: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? '');
        if (isFieldName(key)) fieldErrors[key] ??= checkWords(t, key, issue.code);
      }
      setErrors(fieldErrors);
      focusFirst(fieldErrors);
      return;
    }
    setErrors({});
    setReceipt(null);
    mutation.mutate(parsed.data, {
      onSuccess: (result) => {
        setReceipt({ ...result, email: parsed.data.email });
        setValues(empty);
        toast.success(t('contact.sentToast'), { description: t('contact.sentToastText', { reference: result.reference, email: parsed.data.email }) });
      },
      onError: (error) => {
        const failure = describeFailure(error, t);
        setErrors(failure.fields);
        setServerError(failure.message);
        toast.error(t('contact.notSentToast'), { description: failure.message });
        focusFirst(failure.fields);
      },
    });
  }

  const pending = mutation.isPending;

  return (
    <div className="space-y-5">
      {receipt && (
        <div role="status" className="flex gap-3 rounded-xl border border-accent/40 bg-accent/10 p-4">
          <CircleCheck className="mt-0.5 h-5 w-5 shrink-0 text-accent" aria-hidden="true" />
          <div className="text-sm">
            <p className="font-semibold text-ink">{t('contact.thanks')}</p>
            <Receipt reference={receipt.reference} email={receipt.email} />
          </div>
        </div>
      )}

      <form noValidate onSubmit={onSubmit} aria-label={t('contact.formLabel')} className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t('contact.name')} error={errors.name}>
            {({ id, describedBy }) => (
              <Input
                id={id}
                ref={(el) => {
                  refs.current.name = el;
                }}
                name="name"
                autoComplete="name"
                required
                aria-invalid={errors.name ? true : undefined}
                aria-describedby={describedBy}
                value={values.name}
                onChange={(e) => update('name', e.target.value)}
              />
            )}
          </Field>
          <Field label={t('contact.email')} error={errors.email}>
            {({ id, describedBy }) => (
              <Input
                id={id}
                ref={(el) => {
                  refs.current.email = el;
                }}
                name="email"
                type="email"
                autoComplete="email"
                inputMode="email"
                required
                aria-invalid={errors.email ? true : undefined}
                aria-describedby={describedBy}
                value={values.email}
                onChange={(e) => update('email', e.target.value)}
              />
            )}
          </Field>
        </div>
        <Field label={t('contact.subject')} error={errors.subject}>
          {({ id, describedBy }) => (
            <Input
              id={id}
              ref={(el) => {
                refs.current.subject = el;
              }}
              name="subject"
              required
              aria-invalid={errors.subject ? true : undefined}
              aria-describedby={describedBy}
              value={values.subject}
              onChange={(e) => update('subject', e.target.value)}
            />
          )}
        </Field>
        <Field label={t('contact.message')} error={errors.message} hint={t('contact.messageHint')}>
          {({ id, describedBy }) => (
            <Textarea
              id={id}
              ref={(el) => {
                refs.current.message = el;
              }}
              name="message"
              rows={6}
              required
              aria-invalid={errors.message ? true : undefined}
              aria-describedby={describedBy}
              value={values.message}
              onChange={(e) => update('message', e.target.value)}
            />
          )}
        </Field>

        {serverError && (
          <div role="alert" className="flex gap-3 rounded-xl border border-danger/40 bg-danger/10 p-4 text-sm text-ink">
            <CircleAlert className="mt-0.5 h-5 w-5 shrink-0 text-danger" aria-hidden="true" />
            <p>{serverError}</p>
          </div>
        )}

        <Button type="submit" disabled={pending} className="w-full sm:w-auto">
          {pending ? (
            <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
          ) : (
            <Send className="h-4 w-4" aria-hidden="true" />
          )}
          {pending ? t('contact.sending') : t('contact.send')}
        </Button>
      </form>
    </div>
  );
}
