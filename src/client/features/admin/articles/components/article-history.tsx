import { useState } from 'react';
import { toast } from 'sonner';
import type { AdminArticle } from '../../../../../shared/schemas/articles';
import { Field, Input } from '../../../../components/ui/field';
import { errorMessage } from '../../../../lib/errors';
import { VersionHistory } from '../../components/version-history';
import { useArticleVersions } from '../api/get-article-versions';
import { useRestoreArticle } from '../api/restore-article';

/** An article's versions in its language: view any, and restore one (as a new version) with an optional reason. */
export function ArticleHistory({ article, onRestored }: { article: AdminArticle; onRestored: () => void }) {
  const versions = useArticleVersions(article.kind, article.slug, article.language);
  const restore = useRestoreArticle(article);
  const [viewing, setViewing] = useState<number | null>(null);
  const [reason, setReason] = useState('');

  if (versions.isPending) return null;
  if (versions.isError) return <p role="alert" className="text-danger">The history could not be loaded.</p>;
  const list = versions.data.versions;
  const shown = list.find((v) => v.version === viewing);

  async function onRestore(version: number) {
    try {
      await restore.mutateAsync({ version, ...(reason.trim() ? { reason: reason.trim() } : {}) });
      toast.success(`Version ${version} restored as the newest version`);
      onRestored();
    } catch (error) {
      toast.error('Could not restore it', { description: errorMessage(error) });
    }
  }

  return (
    <div className="space-y-3">
      {/* Before the list: the keyboard reaches the reason before the Restore buttons. */}
      <Field label="Reason for a restore (optional)">
        {({ id }) => <Input id={id} value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />}
      </Field>
      <VersionHistory
        versions={list}
        currentVersion={list[0]?.version ?? null}
        busy={restore.isPending}
        onRestore={(v) => void onRestore(v)}
        onView={(v) => setViewing(viewing === v ? null : v)}
        viewing={viewing}
      />
      {shown && (
        <section aria-label={`Version ${shown.version}`} className="space-y-2 rounded-2xl border border-line bg-surface p-4 text-sm">
          <h3 className="font-semibold">{shown.title}</h3>
          <p className="text-muted">
            {shown.summary} · {shown.status === 'published' ? 'Published' : 'Draft'}
            {shown.category ? ` · ${shown.category}` : ''}
          </p>
          <pre className="whitespace-pre-wrap font-mono text-xs">{shown.body}</pre>
        </section>
      )}
    </div>
  );
}
