import { CircleAlert, CircleCheck, Loader2, Send } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { contactSchema, type ContactInput } from '../../../../shared/schemas/support';
import { Button } from '../../../components/ui/button';
import { Field, Input, Textarea } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-client';
import { useSendContact, type ContactReceipt } from '../api/send-contact';

type FieldName = keyof ContactInput;
type FieldErrors = Partial<Record<FieldName, string>>;

const fieldNames: FieldName[] = ['name', 'email', 'subject', 'message'];
const empty: ContactInput = { name: '', email: '', subject: '', message: '' };

function isFieldName(key: string): key is FieldName {
  return (fieldNames as string[]).includes(key);
}

function describeFailure(error: unknown): { message: string; fields: FieldErrors } {
  if (!(error instanceof ApiError)) {
    return { message: 'Failed to send your message. Please try again.', fields: {} };
  }
  if (error.status === 429) {
    return {
      message: 'You have sent several messages in a short time. Please wait a few minutes and try again.',
      fields: {},
    };
  }
  const fields: FieldErrors = {};
  for (const [key, text] of Object.entries(error.fields ?? {})) {
    if (isFieldName(key)) fields[key] = text;
  }
  if (Object.keys(fields).length > 0) {
    return { message: 'Please fix the highlighted fields and send your message again.', fields };
  }
  return { message: error.message, fields: {} };
}

/** The public contact form: checked with the same schema as the server, then stored as a guest ticket. */
export function ContactForm() {
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
        if (isFieldName(key)) fieldErrors[key] ??= issue.message;
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
        toast.success('Message sent', {
          description: `Your reference is ${result.reference}. We will reply to ${parsed.data.email}.`,
        });
      },
      onError: (error) => {
        const failure = describeFailure(error);
        setErrors(failure.fields);
        setServerError(failure.message);
        toast.error('Message not sent', { description: failure.message });
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
            <p className="font-semibold text-ink">Thanks, your message has been sent.</p>
            <p className="mt-1 text-muted">
              Your reference is <strong className="font-mono text-ink">{receipt.reference}</strong>. Quote it if you
              write to us again. We will reply to {receipt.email}.
            </p>
          </div>
        </div>
      )}

      <form noValidate onSubmit={onSubmit} aria-label="Contact support" className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Name" error={errors.name}>
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
          <Field label="Email" error={errors.email}>
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
        <Field label="Subject" error={errors.subject}>
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
        <Field label="Message" error={errors.message} hint="Include your server name and any error text you see.">
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
          {pending ? 'Sending...' : 'Send Message'}
        </Button>
      </form>
    </div>
  );
}
