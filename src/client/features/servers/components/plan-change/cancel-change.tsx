import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { PlanChangeView } from '../../../../../shared/schemas/plan-changes';
import { Button } from '../../../../components/ui/button';
import { useT } from '../../../../lib/i18n';
import { useCancelPlanChange } from '../../api/cancel-plan-change';
import { planChangeErrorText } from '../../plan-change-rules';

/**
 * 'Cancel change' for a scheduled downgrade or an upgrade waiting for its checkout, asked twice:
 * the second step says what stays, and takes the focus; its refusal shows in words beside it.
 */
export function CancelChange({ serverId, serverName, change }: { serverId: string; serverName: string; change: PlanChangeView }) {
  const t = useT();
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

  const what = t(change.kind === 'downgrade' ? 'plan.cancel.moveTo' : 'plan.cancel.upgradeTo', { plan: change.toPlanName });

  function confirm() {
    setError(null);
    // Not mutate()'s callbacks: this control goes away with the change it cancels.
    cancel
      .mutateAsync()
      .then(() => {
        setAsking(false);
        toast.success(t('plan.cancel.done'), { description: t('plan.cancel.doneText', { server: serverName, plan: change.fromPlanName }) });
      })
      .catch((e: unknown) => setError(planChangeErrorText(e)));
  }

  return (
    <div className="space-y-2">
      {asking ? (
        <div role="group" aria-label={t('plan.cancel.label', { what })} className="space-y-2">
          <p className="text-sm">
            {t(change.kind === 'upgrade' ? 'plan.cancel.askUpgrade' : 'plan.cancel.askDowngrade', { what, server: serverName, plan: change.fromPlanName })}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button ref={confirmRef} size="sm" variant="danger" disabled={cancel.isPending} onClick={confirm}>
              {cancel.isPending ? t('plan.cancel.cancelling') : t('plan.cancel.yes')}
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
              {t('plan.cancel.keep')}
            </Button>
          </div>
        </div>
      ) : (
        <Button ref={startRef} size="sm" variant="outline" onClick={() => setAsking(true)}>
          {t('plan.cancel.button')} <span className="sr-only">({what})</span>
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
