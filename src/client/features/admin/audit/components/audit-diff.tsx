type Values = Record<string, unknown> | null;

function show(value: unknown): string {
  if (value === undefined) return '—';
  if (value === null) return 'empty';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** The fields a record changed, one row each: before → after, changed values highlighted. */
export function AuditDiff({ before, after }: { before: Values; after: Values }) {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  if (keys.length === 0) return null;
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[420px] text-left text-xs">
        <caption className="sr-only">Changed fields</caption>
        <thead className="text-muted">
          <tr>
            <th scope="col" className="py-1 pr-3 font-medium">Field</th>
            <th scope="col" className="py-1 pr-3 font-medium">Before</th>
            <th scope="col" className="py-1 font-medium">After</th>
          </tr>
        </thead>
        <tbody className="font-mono">
          {keys.map((key) => {
            const from = before ? before[key] : undefined;
            const to = after ? after[key] : undefined;
            const changed = show(from) !== show(to);
            return (
              <tr key={key}>
                <th scope="row" className="py-1 pr-3 font-sans font-medium text-ink">{key}</th>
                <td className={changed ? 'py-1 pr-3 text-danger line-through decoration-danger/50' : 'py-1 pr-3 text-muted'}>
                  <span className="break-all">{show(from)}</span>
                </td>
                <td className={changed ? 'py-1 text-accent' : 'py-1 text-muted'}>
                  <span className="break-all">{show(to)}</span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
