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
import { CheckboxGroup, fromLocalInput, ReasonField, TimeWindowFields, toLocalInput, type Choice } from '../../components/form-pieces';

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
  const [startsAt, setStartsAt] = useState(toLocalInput(editing?.startsAt ?? new Date().toISOString()));
  const [endsAt, setEndsAt] = useState(toLocalInput(editing?.endsAt ?? null));
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
      startsAt: fromLocalInput(startsAt) ?? '',
      endsAt: fromLocalInput(endsAt),
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
        <TimeWindowFields startsAt={startsAt} endsAt={endsAt} onStartsAt={setStartsAt} onEndsAt={setEndsAt} endLabel="Ends (optional, your local time)" errors={errors} />
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
        <CheckboxGroup
          legend={target === 'game' ? 'Games' : 'Locations'}
          choices={choices}
          chosen={chosen}
          onChange={setChosen}
          empty="None in the catalog yet."
          error={errors.targetValues}
        />
      )}
      <ReasonField value={reason} onChange={setReason} error={errors.reason} />
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
