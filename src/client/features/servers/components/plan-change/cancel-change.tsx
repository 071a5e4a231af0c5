import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { PlanChangeView } from '../../../../../shared/schemas/plan-changes';
import { Button } from '../../../../components/ui/button';
import { useCancelPlanChange } from '../../api/cancel-plan-change';
import { planChangeErrorText } from '../../plan-change-rules';

/**
 * 'Cancel change' for a scheduled downgrade or an upgrade waiting for its checkout, asked twice:
 * the second step says what stays, and takes the focus; its refusal shows in words beside it.
 */
export function CancelChange({ serverId, serverName, change }: { serverId: string; serverName: string; change: PlanChangeView }) {
  const cancel = useCancelPlanChange(serverId);
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const startRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);

  useEffect(() => {
    if (asking) confirmRef.current?.focus();
    else if (returnFocus.current) {
      returnFocus.current = false;
      startRef.current?.focus();
    }
  }, [asking]);

  const what = change.kind === 'downgrade' ? `the move to ${change.toPlanName}` : `the upgrade to ${change.toPlanName}`;

  function confirm() {
    setError(null);
    // Not mutate()'s callbacks: this control goes away with the change it cancels.
    cancel
      .mutateAsync()
      .then(() => {
        setAsking(false);
        toast.success('Plan change cancelled', { description: `${serverName} keeps ${change.fromPlanName}.` });
      })
      .catch((e: unknown) => setError(planChangeErrorText(e)));
  }

  return (
    <div className="space-y-2">
      {asking ? (
        <div role="group" aria-label={`Cancel ${what}?`} className="space-y-2">
          <p className="text-sm">
            Cancel {what}? {serverName} keeps {change.fromPlanName}
            {change.kind === 'upgrade' ? ' and nothing is charged.' : ' and renews at its current price.'}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button ref={confirmRef} size="sm" variant="danger" disabled={cancel.isPending} onClick={confirm}>
              {cancel.isPending ? 'Cancelling...' : 'Yes, cancel the change'}
            </Button>
            <Button
              size="sm"
              variant="outline"
              disabled={cancel.isPending}
              onClick={() => {
                returnFocus.current = true;
                setError(null);
                setAsking(false);
              }}
            >
              Keep the change
            </Button>
          </div>
        </div>
      ) : (
        <Button ref={startRef} size="sm" variant="outline" onClick={() => setAsking(true)}>
          Cancel change <span className="sr-only">({what})</span>
        </Button>
      )}
      {error && (
        <p role="alert" className="rounded-lg border border-danger/40 bg-danger/10 p-2 text-sm">
          {error}
        </p>
      )}
    </div>
  );
}
