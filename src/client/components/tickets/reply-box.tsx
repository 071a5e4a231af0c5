import { Loader2, Send } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { ticketReplySchema } from '../../../shared/schemas/support';
import { Button } from '../ui/button';
import { fieldMessage } from '../../lib/field-message';
import { useT } from '../../lib/i18n';
import { Field, Textarea } from '../ui/field';

/**
 * A reply form: checked with the same schema as the server. `onSend` throws on failure, and the
 * text is kept so nothing typed is lost.
 */
export function ReplyBox({
  onSend,
  pending,
  hint,
  label,
  error,
}: {
  onSend: (body: string) => Promise<void>;
  pending: boolean;
  hint?: ReactNode;
  label?: string;
  error?: string;
}) {
  const t = useT();
  const [body, setBody] = useState('');
  const [problem, setProblem] = useState<string | undefined>();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = ticketReplySchema.safeParse({ body });
    if (!parsed.success) {
      setProblem(fieldMessage(parsed.error.issues[0]?.message));
      return;
    }
    setProblem(undefined);
    try {
      await onSend(parsed.data.body);
      setBody('');
    } catch {
      // The caller shows the failure; the draft stays.
    }
  }

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-3" aria-label={t('support.reply.form')}>
      <Field label={label ?? t('support.reply.label')} error={problem ?? error} hint={hint}>
        {({ id, describedBy }) => (
          <Textarea
            id={id}
            rows={5}
            name="body"
            aria-describedby={describedBy}
            aria-invalid={problem || error ? true : undefined}
            value={body}
            onChange={(e) => {
              setBody(e.target.value);
              if (problem) setProblem(undefined);
            }}
          />
        )}
      </Field>
      <Button type="submit" disabled={pending}>
        {pending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <Send className="h-4 w-4" aria-hidden="true" />}
        {pending ? t('support.reply.sending') : t('support.reply.send')}
      </Button>
    </form>
  );
}
