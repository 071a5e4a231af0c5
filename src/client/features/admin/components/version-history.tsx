import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import type { VersionMeta } from '../../../../shared/schemas/content';

const dateTime = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });

const nameOf = (version: number) => (version === 0 ? 'the shipped sample' : `version ${version}`);

/**
 * A numbered history, newest first, as pages and articles keep it (decision 074): who saved each
 * version, when, why if they said, and what it restored; any other version can be viewed (when
 * `onView` is given) and restored.
 */
export function VersionHistory({
  versions,
  currentVersion,
  busy,
  onRestore,
  onView,
  viewing,
}: {
  versions: VersionMeta[];
  currentVersion: number | null;
  busy: boolean;
  onRestore: (version: number) => void;
  onView?: (version: number) => void;
  viewing?: number | null;
}) {
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
            {v.version === currentVersion && <Badge>Current</Badge>}
            <span className="text-muted">
              {v.createdAt ? `${dateTime.format(new Date(v.createdAt))} by ${v.authorEmail ?? (v.sample ? 'the product, as shipped' : 'a former staff member')}` : 'ships with the product'}
              {v.restoredFrom !== null && ` · restored from ${nameOf(v.restoredFrom)}`}
              {v.reason && ` · “${v.reason}”`}
            </span>
            <span className="ml-auto flex gap-2">
              {onView && (
                <Button size="sm" variant="outline" aria-pressed={viewing === v.version} onClick={() => onView(v.version)} aria-label={`View ${nameOf(v.version)}`}>
                  View
                </Button>
              )}
              {v.version !== currentVersion && (
                <Button size="sm" variant="outline" disabled={busy} onClick={() => onRestore(v.version)} aria-label={`Restore ${nameOf(v.version)}`}>
                  Restore
                </Button>
              )}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
