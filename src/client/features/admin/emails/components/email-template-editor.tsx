import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import type { Locale } from '../../../../../shared/i18n/locales';
import type { EmailPreview, EmailTemplateText, EmailTemplateView } from '../../../../../shared/schemas/email-templates';
import { Button } from '../../../../components/ui/button';
import { Field, Input, Textarea } from '../../../../components/ui/field';
import { errorMessage, fieldErrors } from '../../../../lib/errors';
import { usePreviewEmailTemplate } from '../api/preview-email-template';
import { useResetEmailTemplate, useSaveEmailTemplate } from '../api/save-email-template';

/** One email in one language: its variables, the subject, body and button to edit, and a preview. */
export function EmailTemplateEditor({ template, locale }: { template: EmailTemplateView; locale: Locale }) {
  const [draft, setDraft] = useState<EmailTemplateText>({
    subject: template.current.subject,
    body: template.current.body,
    ...(template.hasAction ? { action: template.current.action ?? '' } : {}),
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [preview, setPreview] = useState<EmailPreview | null>(null);
  const save = useSaveEmailTemplate();
  const reset = useResetEmailTemplate();
  const render = usePreviewEmailTemplate();

  function change(part: keyof EmailTemplateText, value: string) {
    setDraft((d) => ({ ...d, [part]: value }));
    setErrors((e) => ({ ...e, [part]: '' }));
  }

  function missing(): Record<string, string> {
    const found: Record<string, string> = {};
    if (!draft.subject.trim()) found.subject = 'Write a subject';
    if (!draft.body.trim()) found.body = 'Write the body';
    if (template.hasAction && !draft.action?.trim()) found.action = 'Write the button’s label';
    return found;
  }

  async function showPreview() {
    const found = missing();
    if (Object.keys(found).length) return setErrors(found);
    try {
      setPreview(await render.mutateAsync({ locale, id: template.id, text: draft }));
    } catch (e) {
      setPreview(null);
      const fields = fieldErrors(e);
      setErrors(Object.keys(fields).length ? fields : { body: errorMessage(e) });
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = missing();
    if (Object.keys(found).length) return setErrors(found);
    try {
      await save.mutateAsync({ locale, id: template.id, text: draft });
      toast.success('Email saved', { description: `“${template.label}” now goes out as you wrote it.` });
    } catch (e) {
      const fields = fieldErrors(e);
      setErrors(Object.keys(fields).length ? fields : { body: errorMessage(e) });
    }
  }

  async function backToShipped() {
    try {
      await reset.mutateAsync({ locale, id: template.id });
      setDraft({ subject: template.shipped.subject, body: template.shipped.body, ...(template.hasAction ? { action: template.shipped.action ?? '' } : {}) });
      setErrors({});
      setPreview(null);
      toast.success('Shipped text restored', { description: template.label });
    } catch (e) {
      toast.error('Could not reset the email', { description: errorMessage(e) });
    }
  }

  return (
    <div className="space-y-5">
      <div>
        <h2 className="text-lg font-bold">{template.label}</h2>
        <p className="text-sm text-muted">{template.sentWhen}</p>
      </div>
      <div>
        <h3 className="text-sm font-semibold">Variables</h3>
        <p className="text-xs text-muted">Write them in braces, like {'{server}'}. Required ones must appear in the subject or the body.</p>
        <ul className="mt-2 space-y-1 text-sm">
          {template.variables.map((v) => (
            <li key={v.name}>
              <code className="text-accent">{`{${v.name}}`}</code> {v.description}
              {v.required ? ' (required)' : ''} <span className="text-muted">— sample: {v.sample}</span>
            </li>
          ))}
        </ul>
      </div>
      <form className="space-y-4" noValidate onSubmit={(e) => void submit(e)}>
        <Field label="Subject" error={errors.subject} hint="Also the heading of the email.">
          {({ id, describedBy }) => (
            <Input id={id} lang={locale} value={draft.subject} aria-describedby={describedBy} aria-invalid={Boolean(errors.subject)} onChange={(e) => change('subject', e.target.value)} />
          )}
        </Field>
        <Field label="Body" error={errors.body} hint="Separate paragraphs with a blank line. The greeting and the sign-off are added around it.">
          {({ id, describedBy }) => (
            <Textarea id={id} rows={8} lang={locale} value={draft.body} aria-describedby={describedBy} aria-invalid={Boolean(errors.body)} onChange={(e) => change('body', e.target.value)} />
          )}
        </Field>
        {template.hasAction && (
          <Field label="Button label" error={errors.action} hint="The button links to the right page of the dashboard.">
            {({ id, describedBy }) => (
              <Input id={id} lang={locale} value={draft.action ?? ''} aria-describedby={describedBy} aria-invalid={Boolean(errors.action)} onChange={(e) => change('action', e.target.value)} />
            )}
          </Field>
        )}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save'}
          </Button>
          <Button type="button" variant="outline" disabled={render.isPending} onClick={() => void showPreview()}>
            Preview
          </Button>
          {template.edited && (
            <Button type="button" variant="ghost" disabled={reset.isPending} onClick={() => void backToShipped()}>
              Reset to the shipped text
            </Button>
          )}
        </div>
      </form>
      {preview && (
        <section aria-label="Preview" className="space-y-2">
          <p className="text-sm">
            <span className="text-muted">Subject:</span> <strong>{preview.subject}</strong>
          </p>
          {/* An empty sandbox: the email's HTML can run nothing and reach nothing. */}
          <iframe title="Email preview" sandbox="" srcDoc={preview.html} className="h-[28rem] w-full rounded-lg border border-line bg-white" />
        </section>
      )}
    </div>
  );
}
