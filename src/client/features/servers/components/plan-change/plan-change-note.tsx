import { CalendarClock, CreditCard, Loader2 } from 'lucide-react';
import { formatIn } from '../../../../lib/money';
import type { PlanChangeView } from '../../../../../shared/schemas/plan-changes';
import { useT } from '../../../../lib/i18n';
import { formatDay, isWorking } from '../../plan-change-rules';
import { CancelChange } from './cancel-change';
import { progressText } from './change-status';

const box = 'flex flex-wrap items-start justify-between gap-3 rounded-xl border px-3 py-2 text-sm';

/** The plan change under way, on the server's card: a scheduled downgrade or an unpaid upgrade can be cancelled from here. */
export function PlanChangeNote({ serverId, serverName, change }: { serverId: string; serverName: string; change: PlanChangeView }) {
  const t = useT();
  if (isWorking(change.status)) {
    return (
      <div className={`${box} border-accent/40 bg-accent/10`}>
        <p role="status" className="flex items-center gap-2">
          <Loader2 className="h-4 w-4 shrink-0 animate-spin text-accent" aria-hidden="true" />
          {progressText(change)}
        </p>
      </div>
    );
  }
  const scheduled = change.status === 'scheduled';
  return (
    <div className={`${box} border-violet/30 bg-violet/10`} data-testid="plan-change-note">
      <p className="flex min-w-0 flex-1 items-start gap-2">
        {scheduled ? (
          <CalendarClock className="mt-0.5 h-4 w-4 shrink-0 text-violet" aria-hidden="true" />
        ) : (
          <CreditCard className="mt-0.5 h-4 w-4 shrink-0 text-violet" aria-hidden="true" />
        )}
        <span>
          {scheduled ? (
            <>
              <span className="font-semibold">
                {t('plan.note.moving', { plan: change.toPlanName, date: formatDay(change.effectiveAt) })}
              </span>{' '}
              {t('plan.note.renewal', { amount: formatIn(change.renewalCents, change.currency) })}
            </>
          ) : (
            <>
              <span className="font-semibold">{t('plan.note.waiting', { plan: change.toPlanName })}</span> {t('plan.note.inCheckout')}
            </>
          )}
        </span>
      </p>
      <CancelChange serverId={serverId} serverName={serverName} change={change} />
    </div>
  );
}
