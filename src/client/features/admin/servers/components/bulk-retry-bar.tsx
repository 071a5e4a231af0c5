import { useState } from 'react';
import type { BulkRetryResult } from '../../../../../shared/schemas/admin/servers';
import { Button } from '../../../../components/ui/button';
import { useRetryFailedServers } from '../api/retry-failed-servers';
import { ActionDialog } from './action-dialog';

/** The selection's action: retry every chosen failed set-up with one reason, then say what happened to each. */
export function BulkRetryBar({ selected, onDone }: { selected: string[]; onDone: () => void }) {
  const [open, setOpen] = useState(false);
  const [result, setResult] = useState<BulkRetryResult | null>(null);
  const retry = useRetryFailedServers();
  const count = selected.length;

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-3 rounded-2xl border border-line bg-surface px-4 py-3" role="group" aria-label="Selected servers">
        <span className="text-sm">
          {count} failed {count === 1 ? 'server' : 'servers'} selected
        </span>
        <Button size="sm" disabled={count === 0} onClick={() => setOpen(true)}>
          Retry selected
        </Button>
      </div>
      <div aria-live="polite">
        {result && (
          <div className="text-sm">
            <p className="font-semibold">
              {result.retried} of {result.results.length} set up again.
            </p>
            {result.results.some((r) => !r.ok) && (
              <ul className="mt-1 list-disc pl-5 text-warn">
                {result.results
                  .filter((r) => !r.ok)
                  .map((r) => (
                    <li key={r.id}>
                      <span className="font-mono">{r.id.slice(0, 8)}</span>: {r.message}
                    </li>
                  ))}
              </ul>
            )}
          </div>
        )}
      </div>
      <ActionDialog
        open={open}
        onOpenChange={setOpen}
        title={`Retry ${count} failed ${count === 1 ? 'set-up' : 'set-ups'}`}
        description="Each server is set up again from the start, and each retry is written to the audit log with this reason."
        confirmLabel="Retry them"
        pending={retry.isPending}
        onConfirm={async ({ reason }) => {
          const done = await retry.mutateAsync({ serverIds: selected, reason });
          setResult(done);
          onDone();
        }}
      />
    </div>
  );
}
