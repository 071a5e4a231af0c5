import { Search } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { adminServerFilters, adminServerStatuses, type AdminServerSummary } from '../../../../../shared/schemas/admin/servers';
import { Button } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { Input } from '../../../../components/ui/field';
import { PageSpinner } from '../../../../components/ui/page-spinner';
import { Select } from '../../../../components/ui/select';
import { ServerStatusBadge } from '../../../../components/ui/status-badge';
import { useCatalog } from '../../../../lib/catalog';
import { cn } from '../../../../lib/cn';
import { useUrlFilters } from '../../../../lib/use-url-filters';
import { adminServerParamKeys, useAdminServers } from '../api/get-admin-servers';
import { BulkRetryBar } from './bulk-retry-bar';
import { filterLabels, formatDateTime, formatDay, statusLabel } from './format';

function ServerRow({ server, selected, onSelect }: { server: AdminServerSummary; selected: boolean; onSelect: (on: boolean) => void }) {
  return (
    <tr className="border-t border-line align-top">
      <td className="px-3 py-3">
        {server.status === 'failed' && (
          <input
            type="checkbox"
            className="h-4 w-4 accent-accent"
            aria-label={`Select ${server.name}`}
            checked={selected}
            onChange={(e) => onSelect(e.target.checked)}
          />
        )}
      </td>
      <th scope="row" className="px-3 py-3 text-left font-semibold">
        <Link to={`/admin/servers/${server.id}`} className="text-ink underline-offset-2 hover:text-accent hover:underline">
          {server.name}
        </Link>
        <span className="mt-0.5 block font-mono text-xs font-normal text-muted">{server.id.slice(0, 8)}</span>
      </th>
      <td className="px-3 py-3">
        <ServerStatusBadge status={server.status} />
        {server.suspendedBy === 'staff' && <span className="mt-1 block text-xs text-muted">by staff</span>}
        {server.deletesAt && <span className="mt-1 block text-xs text-warn">Deletes {formatDay(server.deletesAt)}</span>}
        {server.status === 'failed' && server.provisioningAttempts > 0 && (
          <span className="mt-1 block text-xs text-muted">
            {server.provisioningAttempts} failed {server.provisioningAttempts === 1 ? 'attempt' : 'attempts'}
          </span>
        )}
      </td>
      <td className="px-3 py-3">{server.gameName}</td>
      <td className="px-3 py-3">{server.planName}</td>
      <td className="px-3 py-3">{server.locationLabel}</td>
      <td className="px-3 py-3">
        <Link to={`/admin/customers/${server.owner.id}`} className="break-all hover:text-accent hover:underline">
          {server.owner.email}
        </Link>
      </td>
      <td className="px-3 py-3 font-mono text-xs">{server.panelServerId ? server.panelServerId.slice(0, 12) : '—'}</td>
      <td className="whitespace-nowrap px-3 py-3">{formatDateTime(server.createdAt)}</td>
      <td className="whitespace-nowrap px-3 py-3">{formatDateTime(server.updatedAt)}</td>
    </tr>
  );
}

/** /admin/servers: every server, with the quick filters the staff home links to. */
export default function ServersPage() {
  const { params, search, setSearch, patch } = useUrlFilters(adminServerParamKeys);
  const { data, isError, isFetching } = useAdminServers(params);
  const { data: catalog } = useCatalog();
  const ids = { search: useId(), status: useId(), game: useId(), location: useId() };
  const page = Number(params.page ?? '1') || 1;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const failedHere = data?.items.filter((s) => s.status === 'failed').map((s) => s.id) ?? [];
  // Only failed servers on this page can be chosen; a server that moved on drops out of the selection.
  const chosen = failedHere.filter((id) => selected.has(id));
  const choose = (id: string, on: boolean) =>
    setSelected((now) => {
      const next = new Set(now);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-extrabold sm:text-3xl">Servers</h1>
        <p className="mt-1 text-muted">
          Every customer server, newest first. Open one to retry, suspend, power or delete it, or tick failed set-ups to retry several at once.
        </p>
      </div>

      {failedHere.length > 0 && <BulkRetryBar selected={chosen} onDone={() => setSelected(new Set())} />}

      <div className="flex flex-wrap gap-2" role="group" aria-label="Quick filters">
        <Button size="sm" variant={params.filter ? 'outline' : 'secondary'} aria-pressed={!params.filter} onClick={() => patch({ filter: '' })}>
          All servers
        </Button>
        {adminServerFilters.map((f) => (
          <Button
            key={f}
            size="sm"
            variant={params.filter === f ? 'secondary' : 'outline'}
            aria-pressed={params.filter === f}
            onClick={() => patch({ filter: params.filter === f ? '' : f })}
          >
            {filterLabels[f]}
          </Button>
        ))}
      </div>

      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <div className="relative sm:col-span-2 lg:col-span-1" role="search">
          <label htmlFor={ids.search} className="sr-only">
            Search servers
          </label>
          <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted" aria-hidden="true" />
          <Input
            id={ids.search}
            type="search"
            placeholder="Server name, owner email or id..."
            className="pl-9"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        <div>
          <label htmlFor={ids.status} className="sr-only">
            Status
          </label>
          <Select id={ids.status} value={params.status ?? ''} onChange={(e) => patch({ status: e.target.value })}>
            <option value="">Any status</option>
            {adminServerStatuses.map((s) => (
              <option key={s} value={s}>
                {statusLabel(s)}
              </option>
            ))}
          </Select>
        </div>
        <div>
          <label htmlFor={ids.game} className="sr-only">
            Game
          </label>
          <Select id={ids.game} value={params.game ?? ''} onChange={(e) => patch({ game: e.target.value })}>
            <option value="">Any game</option>
            {catalog?.games.map((g) => (
              <option key={g.slug} value={g.slug}>
                {g.name}
              </option>
            ))}
          </Select>
        </div>
        <div>
          <label htmlFor={ids.location} className="sr-only">
            Location
          </label>
          <Select id={ids.location} value={params.location ?? ''} onChange={(e) => patch({ location: e.target.value })}>
            <option value="">Any location</option>
            {catalog?.locations.map((l) => (
              <option key={l.value} value={l.value}>
                {l.label}
              </option>
            ))}
          </Select>
        </div>
      </div>

      <div aria-live="polite" aria-busy={isFetching}>
        {isError && <p className="text-danger">We could not load the servers. Please refresh the page.</p>}
        {!data && !isError && <PageSpinner label="Loading servers..." />}
        {data && data.items.length === 0 && (
          <Card className="text-center">
            <h2 className="text-lg font-bold">No servers here</h2>
            <p className="mt-1 text-sm text-muted">Nothing matches these filters.</p>
          </Card>
        )}
        {data && data.items.length > 0 && (
          <>
            <p className="mb-2 text-sm text-muted">
              {data.total} {data.total === 1 ? 'server' : 'servers'}
            </p>
            <div className={cn('overflow-x-auto rounded-2xl border border-line bg-surface', isFetching && 'opacity-80')}>
              <table className="w-full min-w-[960px] text-sm">
                <caption className="sr-only">Servers</caption>
                <thead className="text-left text-xs uppercase tracking-wide text-muted">
                  <tr>
                    <th scope="col" className="px-3 py-2">
                      {failedHere.length > 0 && (
                        <input
                          type="checkbox"
                          className="h-4 w-4 accent-accent"
                          aria-label="Select every failed server on this page"
                          checked={chosen.length === failedHere.length}
                          onChange={(e) => setSelected(new Set(e.target.checked ? failedHere : []))}
                        />
                      )}
                    </th>
                    <th scope="col" className="px-3 py-2">Server</th>
                    <th scope="col" className="px-3 py-2">State</th>
                    <th scope="col" className="px-3 py-2">Game</th>
                    <th scope="col" className="px-3 py-2">Plan</th>
                    <th scope="col" className="px-3 py-2">Location</th>
                    <th scope="col" className="px-3 py-2">Owner</th>
                    <th scope="col" className="px-3 py-2">Panel id</th>
                    <th scope="col" className="px-3 py-2">Created</th>
                    <th scope="col" className="px-3 py-2">Updated</th>
                  </tr>
                </thead>
                <tbody>
                  {data.items.map((s) => (
                    <ServerRow key={s.id} server={s} selected={selected.has(s.id)} onSelect={(on) => choose(s.id, on)} />
                  ))}
                </tbody>
              </table>
            </div>
            {pages > 1 && (
              <nav className="mt-4 flex items-center justify-between gap-3" aria-label="Pages">
                <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => patch({ page: String(page - 1) })}>
                  Previous
                </Button>
                <span className="text-sm text-muted">
                  Page {page} of {pages}
                </span>
                <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => patch({ page: String(page + 1) })}>
                  Next
                </Button>
              </nav>
            )}
          </>
        )}
      </div>
    </div>
  );
}
