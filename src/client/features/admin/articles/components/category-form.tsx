import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { helpCategoryInputSchema } from '../../../../../shared/schemas/articles';
import { Button } from '../../../../components/ui/button';
import { Field, Input } from '../../../../components/ui/field';
import { errorMessage } from '../../../../lib/errors';
import { useSaveCategory } from '../api/save-category';

/** Adds a help category, or renames one by its address. */
export function CategoryForm() {
  const [slug, setSlug] = useState('');
  const [title, setTitle] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveCategory();
  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = helpCategoryInputSchema.safeParse({ slug, titles: { en: title } });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0] ?? 'form'), i.message])));
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync(parsed.data);
      toast.success('Category saved');
      setSlug('');
      setTitle('');
    } catch (e) {
      toast.error('Could not save the category', { description: errorMessage(e) });
    }
  }
  return (
    <form className="flex flex-wrap items-end gap-3 rounded-2xl border border-line bg-surface p-5" onSubmit={(e) => void submit(e)} noValidate aria-label="Add or rename a category">
      <div className="min-w-[10rem] flex-1">
        <Field label="Category address" error={errors.slug}>
          {({ id, describedBy }) => <Input id={id} aria-describedby={describedBy} value={slug} onChange={(e) => setSlug(e.target.value)} />}
        </Field>
      </div>
      <div className="min-w-[10rem] flex-1">
        <Field label="Category title (English)" error={errors.titles}>
          {({ id, describedBy }) => <Input id={id} aria-describedby={describedBy} value={title} onChange={(e) => setTitle(e.target.value)} />}
        </Field>
      </div>
      <Button type="submit" variant="outline" disabled={save.isPending}>
        Save category
      </Button>
    </form>
  );
}
