import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { articleInputSchema, type AdminArticle, type ArticleKind, type ArticleStatus, type HelpCategory } from '../../../../../shared/schemas/articles';
import { contentLanguageLabels, contentLanguages, type ContentLanguage } from '../../../../../shared/schemas/content';
import { Button } from '../../../../components/ui/button';
import { Field, Input, Textarea } from '../../../../components/ui/field';
import { Select } from '../../../../components/ui/select';
import { errorMessage, fieldErrors } from '../../../../lib/errors';
import { useSaveArticle } from '../api/save-article';

/** A date input's value as the ISO time its UTC day starts; a day JavaScript cannot read (year 20000) is sent as typed, for the schema to refuse. */
function dayStart(day: string): string | null {
  if (!day) return null;
  const at = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(at.getTime()) ? day : at.toISOString();
}

/** An ISO time as a date input's value (UTC day). */
const toDay = (iso: string | null) => (iso ? iso.slice(0, 10) : '');

/** Writes a news post or a help article in one language; saving publishes it (or keeps it a draft). */
export function ArticleForm({ kind, editing, categories, onDone }: { kind: ArticleKind; editing?: AdminArticle; categories: HelpCategory[]; onDone: () => void }) {
  const [slug, setSlug] = useState(editing?.slug ?? '');
  const [language, setLanguage] = useState<ContentLanguage>(editing?.language ?? 'en');
  const [category, setCategory] = useState(editing?.category ?? categories[0]?.slug ?? '');
  const [title, setTitle] = useState(editing?.title ?? '');
  const [summary, setSummary] = useState(editing?.summary ?? '');
  const [body, setBody] = useState(editing?.body ?? '');
  const [status, setStatus] = useState<ArticleStatus>(editing?.status ?? 'draft');
  const [day, setDay] = useState(toDay(editing?.publishedAt ?? null) || (kind === 'news' ? new Date().toISOString().slice(0, 10) : ''));
  const [position, setPosition] = useState(String(editing?.position ?? 0));
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveArticle();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = articleInputSchema.safeParse({
      kind,
      slug,
      language,
      category: kind === 'help' ? category || null : null,
      title,
      summary,
      body,
      status,
      publishedAt: dayStart(day),
      position: Number(position) || 0,
      ...(reason.trim() ? { reason: reason.trim() } : {}),
      create: !editing,
    });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0] ?? 'form'), i.message])));
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync(parsed.data);
      toast.success(status === 'published' ? 'Saved and published' : 'Saved as a draft');
      onDone();
    } catch (e) {
      setErrors(fieldErrors(e));
      toast.error('Could not save it', { description: errorMessage(e) });
    }
  }

  const noun = kind === 'news' ? 'post' : 'article';
  return (
    <form className="space-y-4 rounded-2xl border border-line bg-surface p-5" onSubmit={(e) => void submit(e)} noValidate aria-labelledby="article-form-title">
      <h2 id="article-form-title" className="text-lg font-semibold">
        {editing ? `Edit “${editing.title}” (${contentLanguageLabels[editing.language]})` : `Write a ${noun}`}
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Address" error={errors.slug} hint={`Shown at /${kind === 'news' ? 'blog' : 'help'}/${slug || 'your-address'}. The same address in another language is its translation.`}>
          {({ id, describedBy }) => <Input id={id} aria-describedby={describedBy} aria-invalid={Boolean(errors.slug)} value={slug} readOnly={Boolean(editing)} onChange={(e) => setSlug(e.target.value)} />}
        </Field>
        <Field label="Language">
          {({ id }) => (
            <Select id={id} value={language} disabled={Boolean(editing)} onChange={(e) => setLanguage(e.target.value as ContentLanguage)}>
              {contentLanguages.map((l) => (
                <option key={l} value={l}>
                  {contentLanguageLabels[l]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        {kind === 'help' && (
          <Field label="Category" error={errors.category}>
            {({ id, describedBy }) => (
              <Select id={id} aria-describedby={describedBy} value={category} onChange={(e) => setCategory(e.target.value)}>
                {categories.map((c) => (
                  <option key={c.slug} value={c.slug}>
                    {c.title}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        )}
        {kind === 'help' && (
          <Field label="Order in its category" hint="Lower numbers come first.">
            {({ id, describedBy }) => <Input id={id} type="number" min={0} aria-describedby={describedBy} value={position} onChange={(e) => setPosition(e.target.value)} />}
          </Field>
        )}
      </div>
      <Field label="Title" error={errors.title}>
        {({ id, describedBy }) => <Input id={id} aria-describedby={describedBy} aria-invalid={Boolean(errors.title)} value={title} onChange={(e) => setTitle(e.target.value)} />}
      </Field>
      <Field label="Summary" error={errors.summary} hint="One or two sentences, shown in lists and search results.">
        {({ id, describedBy }) => <Textarea id={id} rows={2} aria-describedby={describedBy} aria-invalid={Boolean(errors.summary)} value={summary} onChange={(e) => setSummary(e.target.value)} />}
      </Field>
      <Field label="Text (Markdown)" error={errors.body} hint="## for a heading, **bold**, [link](https://…), - for a list. Variables such as {{shop.name}} or {{rules.refundWindowHours}} are filled in from Settings.">
        {({ id, describedBy }) => (
          <Textarea id={id} rows={12} className="font-mono" aria-describedby={describedBy} aria-invalid={Boolean(errors.body)} value={body} onChange={(e) => setBody(e.target.value)} />
        )}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="State">
          {({ id }) => (
            <Select id={id} value={status} onChange={(e) => setStatus(e.target.value as ArticleStatus)}>
              <option value="draft">Draft (not public)</option>
              <option value="published">Published</option>
            </Select>
          )}
        </Field>
        <Field label="Publication date (UTC)" error={errors.publishedAt} hint={kind === 'help' ? 'Empty: today, when published.' : 'A later date schedules it.'}>
          {({ id, describedBy }) => <Input id={id} type="date" aria-describedby={describedBy} value={day} onChange={(e) => setDay(e.target.value)} />}
        </Field>
      </div>
      <Field label="Reason for the change (optional)" error={errors.reason} hint="Kept with this version in the history and in the audit log.">
        {({ id, describedBy }) => <Input id={id} aria-describedby={describedBy} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />}
      </Field>
      <div className="flex flex-wrap justify-end gap-2">
        {editing && (
          <Button type="button" variant="outline" onClick={onDone}>
            Cancel
          </Button>
        )}
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save'}
        </Button>
      </div>
    </form>
  );
}
