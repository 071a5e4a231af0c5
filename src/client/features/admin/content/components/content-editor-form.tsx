import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../../components/ui/button';
import { Field, Textarea } from '../../../../components/ui/field';
import { errorMessage, fieldErrors } from '../../../../lib/errors';
import { contentBodySchema, type ContentLanguage, type ContentSlug, type RenderedPage } from '../../../../../shared/schemas/content';
import { usePreviewContentPage } from '../api/preview-content-page';
import { useSaveContentPage } from '../api/save-content-page';

/** The Markdown of one page in one language, with a preview and the variables it may use. */
export function ContentEditorForm({
  slug,
  language,
  initialBody,
  variables,
}: {
  slug: ContentSlug;
  language: ContentLanguage;
  initialBody: string;
  variables: { name: string; description: string }[];
}) {
  const [body, setBody] = useState(initialBody);
  const [error, setError] = useState<string>();
  const [preview, setPreview] = useState<RenderedPage>();
  const previewPage = usePreviewContentPage(slug);
  const save = useSaveContentPage(slug);

  function check(): boolean {
    const parsed = contentBodySchema.safeParse(body);
    setError(parsed.success ? undefined : parsed.error.issues[0]?.message);
    return parsed.success;
  }

  async function onPreview() {
    if (!check()) return;
    try {
      setPreview(await previewPage.mutateAsync({ language, body }));
    } catch (e) {
      setError(fieldErrors(e).body ?? errorMessage(e));
    }
  }

  async function onSave(event: React.FormEvent) {
    event.preventDefault();
    if (!check()) return;
    try {
      const saved = await save.mutateAsync({ language, body });
      toast.success(`Saved and published as version ${saved.version}`);
    } catch (e) {
      const message = fieldErrors(e).body ?? errorMessage(e);
      setError(message);
      toast.error('Could not save the page', { description: message });
    }
  }

  return (
    <form onSubmit={(e) => void onSave(e)} className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_16rem]" noValidate>
      <div className="space-y-4">
        <Field label="Page text (Markdown)" error={error}>
          {({ id, describedBy }) => (
            <Textarea
              id={id}
              aria-describedby={describedBy}
              aria-invalid={error ? true : undefined}
              rows={22}
              value={body}
              onChange={(e) => setBody(e.target.value)}
              className="font-mono"
            />
          )}
        </Field>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save and publish'}
          </Button>
          <Button variant="outline" onClick={() => void onPreview()} disabled={previewPage.isPending}>
            Preview
          </Button>
        </div>
        {preview && (
          <section aria-labelledby="preview-title" className="rounded-2xl border border-line bg-surface p-5">
            <h2 id="preview-title" className="mb-3 text-xs font-semibold uppercase tracking-wider text-muted">
              Preview (not saved)
            </h2>
            <p className="text-2xl font-bold">{preview.title}</p>
            <div className="md-body mt-3" dangerouslySetInnerHTML={{ __html: preview.introHtml }} />
            {preview.sections.map((s) => (
              <div key={s.id} className="mt-6">
                <p className="text-lg font-bold">{s.title}</p>
                <div className="md-body mt-2" dangerouslySetInnerHTML={{ __html: s.html }} />
              </div>
            ))}
          </section>
        )}
      </div>
      <aside aria-labelledby="variables-title" className="space-y-2 text-sm">
        <h2 id="variables-title" className="font-semibold">
          Variables
        </h2>
        <p className="text-muted">Filled in from Settings and the shop's rules when the page is shown.</p>
        <dl className="space-y-2">
          {variables.map((v) => (
            <div key={v.name}>
              <dt>
                <code className="text-accent">{`{{${v.name}}}`}</code>
              </dt>
              <dd className="text-muted">{v.description}</dd>
            </div>
          ))}
        </dl>
      </aside>
    </form>
  );
}
