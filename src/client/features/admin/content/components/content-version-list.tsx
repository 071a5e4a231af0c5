import { toast } from 'sonner';
import { errorMessage } from '../../../../lib/errors';
import type { ContentLanguage, ContentSlug, ContentVersion } from '../../../../../shared/schemas/content';
import { VersionHistory } from '../../components/version-history';
import { useRestoreContentPage } from '../api/restore-content-page';

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
  return <VersionHistory versions={versions} currentVersion={currentVersion} busy={restore.isPending} onRestore={(v) => void onRestore(v)} />;
}
