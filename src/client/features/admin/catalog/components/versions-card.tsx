import { Card } from '../../../../components/ui/card';
import { useCatalogVersions } from '../api/get-catalog-versions';

const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** The latest saved versions: who saved each, when, and why. */
export function VersionsCard() {
  const { data, isError } = useCatalogVersions();
  return (
    <Card className="p-4 sm:p-6">
      <h2 className="text-lg font-bold">History</h2>
      <p className="mt-0.5 text-sm text-muted">Every save is a version. Orders and services keep the version they were priced with.</p>
      {isError && <p className="mt-3 text-sm text-danger">We could not load the history.</p>}
      {!data && !isError && <p className="mt-3 text-sm text-muted">Loading...</p>}
      {data && (
        <ol className="mt-3 divide-y divide-line text-sm">
          {data.items.map((v) => (
            <li key={v.version} className="flex flex-wrap items-baseline gap-x-3 py-2">
              <span className="font-semibold tabular-nums">Version {v.version}</span>
              <span className="text-muted">{when(v.savedAt)}</span>
              <span className="text-muted">{v.savedBy ?? 'Set up with the store'}</span>
              {v.note && <span className="basis-full sm:basis-auto">“{v.note}”</span>}
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
