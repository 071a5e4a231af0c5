import { Search } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { roleLabels } from '../../../../../shared/permissions';
import {
  customerFilterLabels,
  customerFilters,
  customerSortLabels,
  customerSorts,
  type CustomerSummary,
} from '../../../../../shared/schemas/admin/customers';
import { Badge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { Input } from '../../../../components/ui/field';
import { PageSpinner } from '../../../../components/ui/page-spinner';
import { Select } from '../../../../components/ui/select';
import { cn } from '../../../../lib/cn';
import { useUrlFilters } from '../../../../lib/use-url-filters';
import { customerParamKeys, useCustomers } from '../api/get-customers';
import { formatDay } from './format';

function CustomerRow({ customer }: { customer: CustomerSummary }) {
  return (
    <tr className="border-t border-line align-top">
      <th scope="row" className="px-3 py-3 text-left font-semibold">
        <Link to={`/admin/customers/${customer.id}`} className="break-all text-ink underline-offset-2 hover:text-accent hover:underline">
          {customer.email}
        </Link>
        <span className="mt-0.5 block text-xs font-normal text-muted">{customer.name || 'No name given'}</span>
      </th>
      <td className="px-3 py-3">
        <div className="flex flex-wrap gap-1">
          {customer.role !== 'customer' && <Badge tone="violet">{roleLabels[customer.role]}</Badge>}
          {customer.suspendedAt && <Badge tone="red">Suspended</Badge>}
          {customer.inDunning && <Badge tone="yellow">In dunning</Badge>}
          {!customer.emailVerified && <Badge tone="grey">Unverified</Badge>}
          {customer.role === 'customer' && !customer.suspendedAt && !customer.inDunning && customer.emailVerified && (
            <span className="text-muted">Active</span>
          )}
        </div>
      </td>
      <td className="px-3 py-3 tabular-nums">{customer.serverCount}</td>
      <td className="px-3 py-3 font-mono text-xs">{customer.referralCode}</td>
      <td className="whitespace-nowrap px-3 py-3">{formatDay(customer.createdAt)}</td>
    </tr>
  );
}

/** /admin/customers: everyone with an account, searched, filtered and sorted on the server. */
export default function CustomersPage() {
  const { params, search, setSearch, patch } = useUrlFilters(customerParamKeys);
  const { data, isError, isFetching } = useCustomers(params);
  const ids = { search: useId(), filter: useId(), sort: useId(), since: useId() };
  const page = Number(params.page ?? '1') || 1;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-extrabold sm:text-3xl">Customers</h1>
        <p className="mt-1 text-muted">Find an account by the start of its email, name or referral code, or by its exact id.</p>
      </div>

      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <div className="relative sm:col-span-2 lg:col-span-1" role="search">
          <label htmlFor={ids.search} className="sr-only">
            Search customers
          </label>
          <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted" aria-hidden="true" />
          <Input
            id={ids.search}
            type="search"
            placeholder="Email, name, id or referral code..."
            className="pl-9"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        <div>
          <label htmlFor={ids.filter} className="sr-only">
            Show
          </label>
          <Select id={ids.filter} value={params.filter ?? ''} onChange={(e) => patch({ filter: e.target.value })}>
            <option value="">Everyone</option>
            {customerFilters.map((f) => (
              <option key={f} value={f}>
                {customerFilterLabels[f]}
              </option>
            ))}
          </Select>
        </div>
        <div>
          <label htmlFor={ids.sort} className="sr-only">
            Sort by
          </label>
          <Select id={ids.sort} value={params.sort ?? 'created_desc'} onChange={(e) => patch({ sort: e.target.value === 'created_desc' ? '' : e.target.value })}>
            {customerSorts.map((s) => (
              <option key={s} value={s}>
                {customerSortLabels[s]}
              </option>
            ))}
          </Select>
        </div>
        <div className="flex items-center gap-2">
          <label htmlFor={ids.since} className="shrink-0 text-sm text-muted">
            Joined since
          </label>
          <Input id={ids.since} type="date" value={params.since ?? ''} onChange={(e) => patch({ since: e.target.value })} />
        </div>
      </div>

      <div aria-live="polite" aria-busy={isFetching}>
        {isError && <p className="text-danger">We could not load the customers. Please check the filters or refresh the page.</p>}
        {!data && !isError && <PageSpinner label="Loading customers..." />}
        {data && data.items.length === 0 && (
          <Card className="text-center">
            <h2 className="text-lg font-bold">No customers found</h2>
            <p className="mt-1 text-sm text-muted">Nobody matches this search and these filters.</p>
          </Card>
        )}
        {data && data.items.length > 0 && (
          <>
            <p className="mb-2 text-sm text-muted">
              {data.total.toLocaleString()} {data.total === 1 ? 'account' : 'accounts'}
            </p>
            <div className={cn('overflow-x-auto rounded-2xl border border-line bg-surface', isFetching && 'opacity-80')}>
              <table className="w-full min-w-[720px] text-sm">
                <caption className="sr-only">Customers</caption>
                <thead className="text-left text-xs uppercase tracking-wide text-muted">
                  <tr>
                    <th scope="col" className="px-3 py-2">Customer</th>
                    <th scope="col" className="px-3 py-2">Status</th>
                    <th scope="col" className="px-3 py-2">Servers</th>
                    <th scope="col" className="px-3 py-2">Referral code</th>
                    <th scope="col" className="px-3 py-2">Joined</th>
                  </tr>
                </thead>
                <tbody>
                  {data.items.map((c) => (
                    <CustomerRow key={c.id} customer={c} />
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
                  Page {page} of {pages.toLocaleString()}
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
