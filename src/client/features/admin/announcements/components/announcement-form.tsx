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
  type AnnouncementTranslations,
} from '../../../../../shared/schemas/announcements';
import { localeNames, locales, type Locale } from '../../../../../shared/i18n/locales';
import { Button } from '../../../../components/ui/button';
import { Field, Input, Textarea } from '../../../../components/ui/field';
import { Select } from '../../../../components/ui/select';
import { errorMessage, fieldErrors } from '../../../../lib/errors';
import { useSaveAnnouncement } from '../api/save-announcement';
import { CheckboxGroup, fromLocalInput, ReasonField, TimeWindowFields, toLocalInput, type Choice } from '../../components/form-pieces';

/** The languages with either field filled in; a language with neither is left out, one with only one is refused by the schema. */
function written(all: Record<Locale, { title: string; body: string }>): AnnouncementTranslations {
  return Object.fromEntries(Object.entries(all).filter(([, v]) => v.title.trim() || v.body.trim()));
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
  const [startsAt, setStartsAt] = useState(toLocalInput(editing?.startsAt ?? new Date().toISOString()));
  const [endsAt, setEndsAt] = useState(toLocalInput(editing?.endsAt ?? null));
  const [target, setTarget] = useState<AnnouncementTarget>(editing?.target ?? 'all');
  const [chosen, setChosen] = useState<string[]>(editing?.targetValues ?? []);
  const [translations, setTranslations] = useState<Record<Locale, { title: string; body: string }>>(() =>
    Object.fromEntries(locales.map((l) => [l, { title: editing?.translations[l]?.title ?? '', body: editing?.translations[l]?.body ?? '' }])) as Record<
      Locale,
      { title: string; body: string }
    >,
  );
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveAnnouncement();
  const choices = target === 'game' ? games : target === 'location' ? locations : [];

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = announcementInputSchema.safeParse({
      title,
      body,
      translations: written(translations),
      format,
      severity,
      startsAt: fromLocalInput(startsAt) ?? '',
      endsAt: fromLocalInput(endsAt),
      target,
      targetValues: target === 'all' ? [] : chosen,
      reason,
    });
    if (!parsed.success) {
      // A language's fields are keyed like 'translations.de.title'; the others by their field.
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [i.path[0] === 'translations' ? i.path.join('.') : String(i.path[0] ?? 'form'), i.message])));
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync({ id: editing?.id, input: parsed.data });
      toast.success(editing ? 'Announcement saved' : 'Announcement posted', { description: 'Customers it is aimed at see it on their dashboard from its start.' });
      onDone();
    } catch (e) {
      setErrors(fieldErrors(e));
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
      <fieldset>
        <legend className="text-sm font-medium text-ink">In other languages (optional)</legend>
        <p className="mb-2 text-xs text-muted">Customers reading the shop in a language you fill in here see this text; everyone else sees the text above.</p>
        <div className="space-y-2">
          {locales.map((l) => {
            const tr = translations[l];
            const change = (patch: Partial<typeof tr>) => setTranslations({ ...translations, [l]: { ...tr, ...patch } });
            const open = Boolean(tr.title || tr.body || errors[`translations.${l}.title`] || errors[`translations.${l}.body`]);
            return (
              <details key={l} open={open} className="rounded-xl border border-line px-3 py-2">
                <summary className="cursor-pointer text-sm font-medium">
                  {localeNames[l]}
                  {tr.title.trim() && tr.body.trim() ? ' · written' : ''}
                </summary>
                <div className="mt-3 space-y-3">
                  <Field label={`Title in ${localeNames[l]}`} error={errors[`translations.${l}.title`]}>
                    {({ id, describedBy }) => (
                      <Input id={id} lang={l} aria-describedby={describedBy} aria-invalid={Boolean(errors[`translations.${l}.title`])} value={tr.title} onChange={(e) => change({ title: e.target.value })} />
                    )}
                  </Field>
                  <Field label={`Text in ${localeNames[l]}`} error={errors[`translations.${l}.body`]}>
                    {({ id, describedBy }) => (
                      <Textarea
                        id={id}
                        lang={l}
                        rows={3}
                        aria-describedby={describedBy}
                        aria-invalid={Boolean(errors[`translations.${l}.body`])}
                        value={tr.body}
                        onChange={(e) => change({ body: e.target.value })}
                      />
                    )}
                  </Field>
                </div>
              </details>
            );
          })}
        </div>
      </fieldset>
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
