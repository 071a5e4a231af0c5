import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import type { TaxRate } from '../../../../../shared/schemas/admin/settings';
import { Button } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { RemoveTaxRateDialog } from './remove-tax-rate-dialog';
import { TaxRateDialog } from './tax-rate-dialog';

const features = tableFeatures({});
const column = createColumnHelper<typeof features, TaxRate>();

type Editing = { kind: 'add' } | { kind: 'edit' | 'remove'; rate: TaxRate } | null;

/** The rates per country and region, as a table; each can be changed or removed with a reason. */
export function TaxRatesCard({ rates }: { rates: TaxRate[] }) {
  const [editing, setEditing] = useState<Editing>(null);
  const columns = column.columns([
    column.accessor('countryName', { header: 'Country' }),
    column.accessor('region', { header: 'Region', cell: ({ getValue }) => getValue() || <span className="text-muted">Whole country</span> }),
    column.accessor('name', { header: 'Tax' }),
    column.accessor('label', { header: 'Rate', cell: ({ getValue }) => <span className="tabular-nums">{getValue()}</span> }),
    column.display({
      id: 'actions',
      header: () => <span className="sr-only">Actions</span>,
      cell: ({ row }) => {
        const rate = row.original;
        const what = `${rate.name} for ${rate.countryName}${rate.region ? `, ${rate.region}` : ''}`;
        return (
          <div className="flex justify-end gap-2">
            <Button size="sm" variant="outline" aria-label={`Change ${what}`} onClick={() => setEditing({ kind: 'edit', rate })}>
              Change
            </Button>
            <Button size="sm" variant="ghost" aria-label={`Remove ${what}`} onClick={() => setEditing({ kind: 'remove', rate })}>
              Remove
            </Button>
          </div>
        );
      },
    }),
  ]);
  const table = useTable({ features, columns, data: rates, getRowId: (row) => row.id });

  return (
    <Card className="p-0">
      <section aria-labelledby="tax-rates-heading">
        <div className="flex flex-wrap items-start justify-between gap-3 p-4">
          <div>
            <h2 id="tax-rates-heading" className="text-lg font-bold">
              Tax rates
            </h2>
            <p className="mt-1 text-sm text-muted">
              Customers pay every rate of their country, then every rate of their region, each worked out on the price after discounts.
            </p>
          </div>
          <Button onClick={() => setEditing({ kind: 'add' })}>
            <Plus className="h-4 w-4" aria-hidden="true" />
            Add a rate
          </Button>
        </div>
        {rates.length === 0 ? (
          <p className="px-4 pb-4 text-sm text-muted">No rates yet: no tax is charged anywhere.</p>
        ) : (
          <div className="overflow-x-auto pb-2">
            <table className="w-full min-w-[560px] text-sm">
              <caption className="sr-only">Tax rates</caption>
              <thead className="text-left text-xs uppercase tracking-wide text-muted">
                {table.getHeaderGroups().map((group) => (
                  <tr key={group.id}>
                    {group.headers.map((header) => (
                      <th key={header.id} scope="col" className="px-4 py-2">
                        {header.isPlaceholder ? null : <table.FlexRender header={header} />}
                      </th>
                    ))}
                  </tr>
                ))}
              </thead>
              <tbody>
                {table.getRowModel().rows.map((row) => (
                  <tr key={row.id} className="border-t border-line" data-testid="tax-rate-row">
                    {row.getAllCells().map((cell) =>
                      cell.column.id === 'countryName' ? (
                        <th key={cell.id} scope="row" className="px-4 py-2.5 text-left font-semibold">
                          <table.FlexRender cell={cell} />
                        </th>
                      ) : (
                        <td key={cell.id} className="px-4 py-2.5">
                          <table.FlexRender cell={cell} />
                        </td>
                      ),
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      {editing?.kind === 'add' && <TaxRateDialog rate={null} onClose={() => setEditing(null)} />}
      {editing?.kind === 'edit' && <TaxRateDialog rate={editing.rate} onClose={() => setEditing(null)} />}
      {editing?.kind === 'remove' && <RemoveTaxRateDialog rate={editing.rate} onClose={() => setEditing(null)} />}
    </Card>
  );
}
