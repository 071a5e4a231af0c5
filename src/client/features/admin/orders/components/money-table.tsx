import { tableFeatures, useTable, type ColumnDef, type RowData } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { Button } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { PageSpinner } from '../../../../components/ui/page-spinner';
import { cn } from '../../../../lib/cn';

export interface MoneyColumnMeta {
  /** The cell that names the row (a th for screen readers). */
  rowHeader?: boolean;
  align?: 'right';
  /** Left out of the phone cards (already in the card's title line). */
  hideOnCard?: boolean;
}

/** The rows are one server page: the table only lays them out; the server filters, sorts and pages. */
export const moneyTableFeatures = tableFeatures({ columnMeta: {} as MoneyColumnMeta });
export type MoneyTableFeatures = typeof moneyTableFeatures;
export type MoneyColumns<T extends RowData> = ColumnDef<MoneyTableFeatures, T, any>[]; // eslint-disable-line @typescript-eslint/no-explicit-any

function RowsTable<T extends RowData & { id: string }>({ caption, rows, columns, minWidth }: { caption: string; rows: T[]; columns: MoneyColumns<T>; minWidth: string }) {
  const table = useTable({ features: moneyTableFeatures, columns, data: rows, getRowId: (row) => row.id });
  return (
    <>
      <div className="hidden overflow-x-auto rounded-2xl border border-line bg-surface md:block">
        <table className={cn('w-full text-sm', minWidth)}>
          <caption className="sr-only">{caption}</caption>
          <thead className="text-left text-xs uppercase tracking-wide text-muted">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => (
                  <th key={header.id} scope="col" className={cn('px-3 py-2', header.column.columnDef.meta?.align === 'right' && 'text-right')}>
                    {header.isPlaceholder ? null : <table.FlexRender header={header} />}
                  </th>
                ))}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((row) => (
              <tr key={row.id} className="border-t border-line align-top">
                {row.getAllCells().map((cell) => {
                  const meta = cell.column.columnDef.meta;
                  const className = cn('px-3 py-3', meta?.align === 'right' && 'text-right tabular-nums');
                  return meta?.rowHeader ? (
                    <th key={cell.id} scope="row" className={cn(className, 'text-left font-semibold')}>
                      <table.FlexRender cell={cell} />
                    </th>
                  ) : (
                    <td key={cell.id} className={className}>
                      <table.FlexRender cell={cell} />
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {/* On a phone each row is a card: the named cell on top, then the rest as label and value. */}
      <ul className="space-y-3 md:hidden" aria-label={caption}>
        {table.getRowModel().rows.map((row) => {
          const cells = row.getAllCells();
          const title = cells.find((c) => c.column.columnDef.meta?.rowHeader);
          return (
            <li key={row.id} className="rounded-2xl border border-line bg-surface p-4 text-sm">
              {title && (
                <div className="font-semibold">
                  <table.FlexRender cell={title} />
                </div>
              )}
              <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-2">
                {cells
                  .filter((c) => c !== title && !c.column.columnDef.meta?.hideOnCard)
                  .map((cell) => (
                    <div key={cell.id} className="min-w-0">
                      <dt className="text-xs uppercase tracking-wide text-muted">{String(cell.column.columnDef.header ?? '')}</dt>
                      <dd className="mt-0.5 break-words">
                        <table.FlexRender cell={cell} />
                      </dd>
                    </div>
                  ))}
              </dl>
            </li>
          );
        })}
      </ul>
    </>
  );
}

export interface MoneyListProps<T extends RowData & { id: string }> {
  /** "order" and "orders": the count line and the empty state. */
  noun: [string, string];
  caption: string;
  columns: MoneyColumns<T>;
  minWidth: string;
  data: { items: T[]; total: number; page: number; pageSize: number } | undefined;
  isError: boolean;
  isFetching: boolean;
  filtered: boolean;
  onPage: (page: number) => void;
  empty: ReactNode;
}

/** Loading, error, empty, or the rows with the count and the pages. */
export function MoneyList<T extends RowData & { id: string }>(props: MoneyListProps<T>) {
  const { noun, caption, columns, minWidth, data, isError, isFetching, filtered, onPage, empty } = props;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const page = data?.page ?? 1;

  return (
    <div aria-live="polite" aria-busy={isFetching}>
      {isError && (
        <Card className="border-danger/40 text-center">
          <h2 className="text-lg font-bold">We could not load the {noun[1]}</h2>
          <p className="mt-1 text-sm text-muted">Please check the filters, or refresh the page.</p>
        </Card>
      )}
      {!data && !isError && <PageSpinner label={`Loading ${noun[1]}...`} />}
      {data && !isError && data.items.length === 0 && (
        <Card className="text-center">
          <h2 className="text-lg font-bold">No {noun[1]} found</h2>
          <p className="mt-1 text-sm text-muted">{filtered ? `No ${noun[1]} match these filters.` : empty}</p>
        </Card>
      )}
      {data && !isError && data.items.length > 0 && (
        <>
          <p className="mb-2 text-sm text-muted">
            {data.total.toLocaleString()} {data.total === 1 ? noun[0] : noun[1]}
          </p>
          <div className={cn(isFetching && 'opacity-80')}>
            <RowsTable caption={caption} rows={data.items} columns={columns} minWidth={minWidth} />
          </div>
          {pages > 1 && (
            <nav className="mt-4 flex items-center justify-between gap-3" aria-label="Pages">
              <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
                Previous
              </Button>
              <span className="text-sm text-muted">
                Page {page.toLocaleString()} of {pages.toLocaleString()}
              </span>
              <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => onPage(page + 1)}>
                Next
              </Button>
            </nav>
          )}
        </>
      )}
    </div>
  );
}
