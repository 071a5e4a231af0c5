import { AlertTriangle, CalendarClock, Check, CreditCard, Loader2 } from 'lucide-react';
import { formatIn } from '../../../../lib/money';
import type { PlanChangeView } from '../../../../../shared/schemas/plan-changes';
import { cn } from '../../../../lib/cn';
import { translate, useT } from '../../../../lib/i18n';
import { useBusinessRules } from '../../../../lib/business-rules';
import { refundDaysValues } from '../../../../../shared/business-rules';
import { formatDay } from '../../plan-change-rules';
import { CancelChange } from './cancel-change';

type StepState = 'done' | 'active' | 'todo';

function Step({ state, children }: { state: StepState; children: string }) {
  const t = useT();
  return (
    <li className={cn('flex items-center gap-2 text-sm', state === 'todo' && 'text-muted')}>
      {state === 'done' && <Check className="h-4 w-4 text-accent" aria-hidden="true" />}
      {state === 'active' && <Loader2 className="h-4 w-4 animate-spin text-accent" aria-hidden="true" />}
      {state === 'todo' && <span className="h-4 w-4 rounded-full border border-line" aria-hidden="true" />}
      <span>
        {children}
        <span className="sr-only">{' '}
          {state === 'done' ? t('plan.step.done') : state === 'active' ? t('plan.step.active') : t('plan.step.next')}</span>
      </span>
    </li>
  );
}

/** What a change in progress is doing now, in one sentence (the live region reads it). */
export function progressText(change: PlanChangeView): string {
  if (change.status === 'charging') return translate('plan.progress.charging', { plan: change.toPlanName });
  if (change.status === 'awaiting_payment') return translate('plan.progress.awaiting', { plan: change.toPlanName });
  return translate('plan.progress.resizing', { plan: change.toPlanName, ram: change.toRamGb });
}

/** An upgrade being paid for and resized (or a downgrade being applied at its renewal), step by step. */
export function ChangeProgress({ change }: { change: PlanChangeView }) {
  const t = useT();
  const charging = change.status === 'charging';
  const paid = change.grossCents && change.grossCents > 0 ? t('plan.progress.paid', { amount: formatIn(change.grossCents, change.currency) }) : t('plan.progress.nothing');
  return (
    <div className="space-y-3">
      <p role="status" className="font-semibold">
        {progressText(change)}
      </p>
      <ol className="space-y-2" aria-label={t('plan.progress.label')}>
        {change.kind === 'upgrade' && <Step state={charging ? 'active' : 'done'}>{charging ? t('plan.progress.payment') : paid}</Step>}
        <Step state={charging ? 'todo' : 'active'}>{t('plan.progress.resize')}</Step>
        <Step state="todo">{t('plan.progress.ready', { ram: change.toRamGb })}</Step>
      </ol>
      {/* A charge whose answer was lost stays 'charging' until the sweep asks again (decision 084). */}
      <p className="text-xs text-muted">{charging ? t('plan.progress.chargingNote', { plan: change.toPlanName }) : t('plan.progress.note')}</p>
    </div>
  );
}

/** An upgrade whose checkout is open in another tab. */
export function AwaitingPayment({ serverId, serverName, change }: { serverId: string; serverName: string; change: PlanChangeView }) {
  const t = useT();
  return (
    <div className="space-y-3">
      <p role="status" className="flex items-start gap-2 font-semibold">
        <CreditCard className="mt-0.5 h-5 w-5 shrink-0 text-accent" aria-hidden="true" />
        {t('plan.awaiting.title', { amount: formatIn(change.grossCents ?? 0, change.currency), plan: change.toPlanName })}
      </p>
      <p className="text-sm text-muted">{t('plan.awaiting.text')}</p>
      <CancelChange serverId={serverId} serverName={serverName} change={change} />
    </div>
  );
}

/** A downgrade waiting for the renewal. */
export function ScheduledChange({ serverId, serverName, change }: { serverId: string; serverName: string; change: PlanChangeView }) {
  const t = useT();
  return (
    <div className="space-y-3">
      <p className="flex items-start gap-2 font-semibold">
        <CalendarClock className="mt-0.5 h-5 w-5 shrink-0 text-accent" aria-hidden="true" />
        {t('plan.scheduled.title', { server: serverName, plan: change.toPlanName, date: formatDay(change.effectiveAt) })}
      </p>
      <p className="text-sm text-muted">{t('plan.scheduled.text', { amount: formatIn(change.renewalCents, change.currency) })}</p>
      <CancelChange serverId={serverId} serverName={serverName} change={change} />
    </div>
  );
}

/** How a change the customer followed ended. */
export function ChangeOutcome({ serverName, change }: { serverName: string; change: PlanChangeView }) {
  const t = useT();
  const rules = useBusinessRules();
  if (change.status === 'completed') {
    return (
      <p role="status" className="flex items-start gap-2 rounded-xl border border-accent/40 bg-accent/10 p-3 font-semibold">
        <Check className="mt-0.5 h-5 w-5 shrink-0 text-accent" aria-hidden="true" />
        {t('plan.outcome.done', { server: serverName, plan: change.toPlanName, ram: change.toRamGb })}
      </p>
    );
  }
  return (
    <div role="alert" className="flex items-start gap-2 rounded-xl border border-danger/40 bg-danger/10 p-3 text-sm">
      <AlertTriangle className="mt-0.5 h-5 w-5 shrink-0 text-danger" aria-hidden="true" />
      <p>
        <span className="font-semibold">{change.reason ?? t('plan.outcome.failed', { plan: change.toPlanName })}</span>
        {change.status === 'refunded' && ` ${t('plan.outcome.refunded', refundDaysValues(rules))}`}
      </p>
    </div>
  );
}
