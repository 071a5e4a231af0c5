import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import type { Locale } from '../../../../../shared/i18n/locales';
import type { TranslationRow } from '../../../../../shared/schemas/i18n';
import { Button } from '../../../../components/ui/button';
import { Field, Textarea } from '../../../../components/ui/field';
import { errorMessage, fieldErrors } from '../../../../lib/errors';
import { useResetTranslation, useSaveTranslation } from '../api/save-translation';

/** One message: its key, the English text, what customers see now, and an editor for staff's wording. */
export function TranslationRowItem({ row, locale }: { row: TranslationRow; locale: Locale }) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(row.override ?? row.shipped);
  const [error, setError] = useState('');
  const save = useSaveTranslation();
  const reset = useResetTranslation();
  const current = row.override ?? row.shipped;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!draft.trim()) return setError('Write the text, or reset the message to the shipped text');
    try {
      await save.mutateAsync({ locale, key: row.key, message: draft });
      setEditing(false);
      toast.success('Text saved', { description: `${row.key} now reads as you wrote it, on every page.` });
    } catch (e) {
      setError(fieldErrors(e).message ?? errorMessage(e));
    }
  }

  async function backToShipped() {
    try {
      await reset.mutateAsync({ locale, key: row.key });
      setDraft(row.shipped);
      setEditing(false);
      toast.success('Shipped text restored', { description: row.key });
    } catch (e) {
      toast.error('Could not reset the text', { description: errorMessage(e) });
    }
  }

  return (
    <li className="space-y-2 border-b border-line py-4 last:border-b-0">
      <div className="flex flex-wrap items-center gap-2">
        <code className="text-xs text-muted">{row.key}</code>
        {row.override !== null && <span className="rounded-full bg-accent/15 px-2 py-0.5 text-xs font-semibold text-accent">Edited</span>}
      </div>
      {locale !== 'en' && <p className="text-sm text-muted">English: {row.english}</p>}
      {!editing ? (
        <div className="flex flex-wrap items-start justify-between gap-3">
          <p className="text-sm text-ink" lang={locale}>
            {current}
          </p>
          <div className="flex gap-2">
            <Button variant="outline" size="sm" onClick={() => setEditing(true)} aria-label={`Edit ${row.key}`}>
              Edit
            </Button>
            {row.override !== null && (
              <Button variant="ghost" size="sm" disabled={reset.isPending} onClick={() => void backToShipped()} aria-label={`Reset ${row.key} to the shipped text`}>
                Reset
              </Button>
            )}
          </div>
        </div>
      ) : (
        <form className="space-y-2" noValidate onSubmit={(e) => void submit(e)}>
          <Field label={`Text of ${row.key}`} error={error} hint={row.override !== null ? `Shipped text: ${row.shipped}` : 'Keep every {placeholder} of the shipped text.'}>
            {({ id, describedBy }) => (
              <Textarea
                id={id}
                rows={2}
                lang={locale}
                aria-describedby={describedBy}
                aria-invalid={Boolean(error)}
                value={draft}
                onChange={(e) => {
                  setDraft(e.target.value);
                  setError('');
                }}
              />
            )}
          </Field>
          <div className="flex gap-2">
            <Button type="submit" size="sm" disabled={save.isPending}>
              {save.isPending ? 'Saving...' : 'Save text'}
            </Button>
            <Button
              type="button"
              variant="ghost"
              size="sm"
              onClick={() => {
                setEditing(false);
                setDraft(current);
                setError('');
              }}
            >
              Cancel
            </Button>
          </div>
        </form>
      )}
    </li>
  );
}
