import { useSearchParams } from 'react-router';
import type { AuditRecord } from '../../../../../shared/schemas/admin/audit';
import { Badge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { PageSpinner } from '../../../../components/ui/page-spinner';
import { errorMessage } from '../../../../lib/errors';
import { useAudit, type AuditFilterValues } from '../api/get-audit';
import { useAuditFacets } from '../api/get-audit-facets';
import { AuditDiff } from './audit-diff';
import { AuditFilters } from './audit-filters';

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium' });
const filterKeys = ['actor', 'action', 'target', 'from', 'to'] as const;

function Record({ record }: { record: AuditRecord }) {
  return (
    <li>
      <Card className="space-y-3 p-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <p className="flex flex-wrap items-center gap-2">
              <Badge tone="violet">{record.action}</Badge>
              <span className="break-all text-sm font-semibold">{record.targetLabel ?? record.targetId}</span>
            </p>
            <p className="mt-1 break-all text-xs text-muted">
              {record.targetType} · {record.targetId}
            </p>
          </div>
          <time dateTime={record.createdAt} className="text-xs text-muted">
            {when.format(new Date(record.createdAt))}
          </time>
        </div>
        <p className="text-sm">
          By <span className="font-medium">{record.actorEmail}</span> <span className="text-muted">({record.actorRole})</span>
          {record.ip && <span className="text-muted"> · IP {record.ip}</span>}
        </p>
        {record.reason && (
          <p className="rounded-lg bg-surface-2 px-3 py-2 text-sm">
            <span className="font-medium">Reason:</span> {record.reason}
          </p>
        )}
        <AuditDiff before={record.before} after={record.after} />
      </Card>
    </li>
  );
}

/** /admin/audit: what staff did, newest first, with filters and "Load more" (keyset on seq). Read-only. */
export default function AuditPage() {
  const [params, setParams] = useSearchParams();
  const filters: AuditFilterValues = Object.fromEntries(filterKeys.flatMap((k) => (params.get(k) ? [[k, params.get(k)!]] : [])));
  const facets = useAuditFacets();
  const audit = useAudit(filters);
  const records = audit.data?.pages.flatMap((p) => p.items) ?? [];

  function apply(next: AuditFilterValues) {
    const search = new URLSearchParams();
    for (const key of filterKeys) if (next[key]) search.set(key, next[key]);
    setParams(search, { replace: true });
  }

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-extrabold sm:text-3xl">Audit log</h1>
        <p className="mt-1 text-muted">Every change staff made to money, access and customers' services, newest first. Records cannot be edited or deleted.</p>
      </div>
      <AuditFilters key={params.toString()} value={filters} facets={facets.data} onChange={apply} />
      <div aria-live="polite" aria-busy={audit.isFetching}>
        {audit.isError && <p className="text-danger">{errorMessage(audit.error)}</p>}
        {audit.isPending && <PageSpinner label="Loading the audit log..." />}
        {audit.isSuccess && records.length === 0 && (
          <Card className="text-center">
            <h2 className="text-lg font-bold">No records here</h2>
            <p className="mt-1 text-sm text-muted">Nothing matches these filters.</p>
          </Card>
        )}
        {records.length > 0 && (
          <ul className="space-y-3" aria-label="Audit records">
            {records.map((r) => (
              <Record key={r.id} record={r} />
            ))}
          </ul>
        )}
      </div>
      {audit.hasNextPage && (
        <div className="text-center">
          <Button variant="outline" disabled={audit.isFetchingNextPage} onClick={() => void audit.fetchNextPage()}>
            {audit.isFetchingNextPage ? 'Loading...' : 'Load more'}
          </Button>
        </div>
      )}
    </div>
  );
}
