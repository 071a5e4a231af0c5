import { toast } from 'sonner';
import { Badge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { errorMessage } from '../../../../lib/errors';
import type { ContentLanguage, ContentSlug, ContentVersion } from '../../../../../shared/schemas/content';
import { useRestoreContentPage } from '../api/restore-content-page';

const dateTime = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });

/** A page's history in one language, newest first; any older version can be published again. */
export function ContentVersionList({
  slug,
  language,
  versions,
  currentVersion,
}: {
  slug: ContentSlug;
  language: ContentLanguage;
  versions: ContentVersion[];
  currentVersion: number | null;
}) {
  const restore = useRestoreContentPage(slug);
  async function onRestore(version: number) {
    try {
      const saved = await restore.mutateAsync({ language, version });
      toast.success(`Version ${version === 0 ? 'Sample' : version} published again as version ${saved.version}`);
    } catch (error) {
      toast.error('Could not restore it', { description: errorMessage(error) });
    }
  }
  return (
    <section aria-labelledby="versions-title" className="space-y-3">
      <h2 id="versions-title" className="text-lg font-semibold">
        History
      </h2>
      <ol className="divide-y divide-line rounded-2xl border border-line bg-surface">
        {versions.map((v) => (
          <li key={v.version} className="flex flex-wrap items-center gap-3 p-4 text-sm">
            <span className="font-semibold">{v.version === 0 ? 'Shipped sample' : `Version ${v.version}`}</span>
            {v.sample && <Badge tone="yellow">Sample</Badge>}
            {v.version === currentVersion && <Badge>Published</Badge>}
            <span className="text-muted">
              {v.createdAt ? `${dateTime.format(new Date(v.createdAt))} by ${v.authorEmail ?? 'a former staff member'}` : 'ships with the product'}
              {v.restoredFrom !== null && ` · restored from ${v.restoredFrom === 0 ? 'the sample' : `version ${v.restoredFrom}`}`}
            </span>
            {v.version !== currentVersion && (
              <Button
                size="sm"
                variant="outline"
                className="ml-auto"
                disabled={restore.isPending}
                onClick={() => void onRestore(v.version)}
                aria-label={`Restore ${v.version === 0 ? 'the shipped sample' : `version ${v.version}`}`}
              >
                Restore
              </Button>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
