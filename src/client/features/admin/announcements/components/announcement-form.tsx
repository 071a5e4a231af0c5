import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import {
  announcementInputSchema,
  announcementSeverities,
  announcementSeverityLabels,
  type AdminAnnouncement,
  type AnnouncementFormat,
  type AnnouncementSeverity,
  type AnnouncementTarget,
} from '../../../../../shared/schemas/announcements';
import { Button } from '../../../../components/ui/button';
import { Field, Input, Textarea } from '../../../../components/ui/field';
import { Select } from '../../../../components/ui/select';
import { errorMessage } from '../../../../lib/errors';
import { useSaveAnnouncement } from '../api/save-announcement';

export interface Choice {
  value: string;
  label: string;
}

/** An ISO time as the value of a datetime-local input, in the browser's time zone. */
function toLocal(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

function toIso(local: string): string | null {
  if (!local) return null;
  const t = new Date(local);
  return Number.isNaN(t.getTime()) ? null : t.toISOString();
}

/** Posts a new announcement, or changes `editing`; every save asks for a reason for the audit log. */
export function AnnouncementForm({
  editing,
  games,
  locations,
  onDone,
}: {
  editing?: AdminAnnouncement;
  games: Choice[];
  locations: Choice[];
  onDone: () => void;
}) {
  const [title, setTitle] = useState(editing?.title ?? '');
  const [body, setBody] = useState(editing?.body ?? '');
  const [format, setFormat] = useState<AnnouncementFormat>(editing?.format ?? 'markdown');
  const [severity, setSeverity] = useState<AnnouncementSeverity>(editing?.severity ?? 'info');
  const [startsAt, setStartsAt] = useState(toLocal(editing?.startsAt ?? new Date().toISOString()));
  const [endsAt, setEndsAt] = useState(toLocal(editing?.endsAt ?? null));
  const [target, setTarget] = useState<AnnouncementTarget>(editing?.target ?? 'all');
  const [chosen, setChosen] = useState<string[]>(editing?.targetValues ?? []);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveAnnouncement();
  const choices = target === 'game' ? games : target === 'location' ? locations : [];

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = announcementInputSchema.safeParse({
      title,
      body,
      format,
      severity,
      startsAt: toIso(startsAt) ?? '',
      endsAt: toIso(endsAt),
      target,
      targetValues: target === 'all' ? [] : chosen,
      reason,
    });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0] ?? 'form'), i.message])));
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync({ id: editing?.id, input: parsed.data });
      toast.success(editing ? 'Announcement saved' : 'Announcement posted', { description: 'Customers it is aimed at see it on their dashboard from its start.' });
      onDone();
    } catch (e) {
      toast.error('Could not save it', { description: errorMessage(e) });
    }
  }

  return (
    <form className="space-y-4 rounded-2xl border border-line bg-surface p-5" onSubmit={(e) => void submit(e)} noValidate aria-labelledby="announcement-form-title">
      <h2 id="announcement-form-title" className="text-lg font-semibold">
        {editing ? `Edit “${editing.title}”` : 'Post an announcement'}
      </h2>
      <Field label="Title" error={errors.title}>
        {({ id, describedBy }) => <Input id={id} aria-describedby={describedBy} aria-invalid={Boolean(errors.title)} value={title} onChange={(e) => setTitle(e.target.value)} />}
      </Field>
      <Field label="Text" error={errors.body} hint={format === 'markdown' ? 'Markdown: **bold**, [links](https://…), lists. Raw HTML is shown as text.' : 'Plain text: shown as written.'}>
        {({ id, describedBy }) => (
          <Textarea id={id} rows={4} aria-describedby={describedBy} aria-invalid={Boolean(errors.body)} value={body} onChange={(e) => setBody(e.target.value)} />
        )}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Format">
          {({ id }) => (
            <Select id={id} value={format} onChange={(e) => setFormat(e.target.value as AnnouncementFormat)}>
              <option value="markdown">Markdown</option>
              <option value="plain">Plain text</option>
            </Select>
          )}
        </Field>
        <Field label="Severity">
          {({ id }) => (
            <Select id={id} value={severity} onChange={(e) => setSeverity(e.target.value as AnnouncementSeverity)}>
              {announcementSeverities.map((s) => (
                <option key={s} value={s}>
                  {announcementSeverityLabels[s]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Starts (your local time)" error={errors.startsAt}>
          {({ id, describedBy }) => <Input id={id} type="datetime-local" aria-describedby={describedBy} value={startsAt} onChange={(e) => setStartsAt(e.target.value)} />}
        </Field>
        <Field label="Ends (optional, your local time)" error={errors.endsAt}>
          {({ id, describedBy }) => <Input id={id} type="datetime-local" aria-describedby={describedBy} value={endsAt} onChange={(e) => setEndsAt(e.target.value)} />}
        </Field>
      </div>
      <Field label="Who sees it">
        {({ id }) => (
          <Select
            id={id}
            value={target}
            onChange={(e) => {
              setTarget(e.target.value as AnnouncementTarget);
              setChosen([]);
            }}
          >
            <option value="all">Every customer</option>
            <option value="game">Customers with a server of these games</option>
            <option value="location">Customers with a server in these locations</option>
          </Select>
        )}
      </Field>
      {target !== 'all' && (
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-ink">{target === 'game' ? 'Games' : 'Locations'}</legend>
          {choices.length === 0 && <p className="text-sm text-muted">None in the catalog yet.</p>}
          <div className="flex flex-wrap gap-x-5 gap-y-2">
            {choices.map((c) => (
              <label key={c.value} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={chosen.includes(c.value)}
                  onChange={(e) => setChosen(e.target.checked ? [...chosen, c.value] : chosen.filter((v) => v !== c.value))}
                />
                {c.label}
              </label>
            ))}
          </div>
          {errors.targetValues && (
            <p role="alert" className="mt-1 text-xs text-danger">
              {errors.targetValues}
            </p>
          )}
        </fieldset>
      )}
      <Field label="Reason" error={errors.reason} hint="Kept in the audit log.">
        {({ id, describedBy }) => <Input id={id} aria-describedby={describedBy} aria-invalid={Boolean(errors.reason)} value={reason} onChange={(e) => setReason(e.target.value)} />}
      </Field>
      <div className="flex flex-wrap justify-end gap-2">
        {editing && (
          <Button type="button" variant="outline" onClick={onDone}>
            Cancel
          </Button>
        )}
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : editing ? 'Save changes' : 'Post announcement'}
        </Button>
      </div>
    </form>
  );
}
