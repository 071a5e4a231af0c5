import type { ReactNode } from 'react';
import { Card } from '../../../../components/ui/card';

export interface Column<T> {
  label: string;
  cell: (row: T) => ReactNode;
}

/** A titled card with a small table that scrolls sideways on a phone, or a line saying there is nothing. */
export function SectionTable<T extends { id: string }>({
  title,
  rows,
  columns,
  empty,
  note,
}: {
  title: string;
  rows: T[];
  columns: Column<T>[];
  empty: string;
  note?: ReactNode;
}) {
  const id = `section-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <Card className="p-0">
      <section aria-labelledby={id}>
        <div className="flex flex-wrap items-baseline justify-between gap-2 px-4 pt-4">
          <h2 id={id} className="text-lg font-bold">
            {title}
          </h2>
          {note}
        </div>
        {rows.length === 0 ? (
          <p className="px-4 pb-4 pt-2 text-sm text-muted">{empty}</p>
        ) : (
          <div className="mt-2 overflow-x-auto pb-2">
            <table className="w-full min-w-[560px] text-sm">
              <caption className="sr-only">{title}</caption>
              <thead className="text-left text-xs uppercase tracking-wide text-muted">
                <tr>
                  {columns.map((c) => (
                    <th key={c.label} scope="col" className="px-4 py-2">
                      {c.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.id} className="border-t border-line align-top">
                    {columns.map((c) => (
                      <td key={c.label} className="px-4 py-2.5">
                        {c.cell(row)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </Card>
  );
}
