import { AlertTriangle, CalendarClock, Check, CreditCard, Loader2 } from 'lucide-react';
import { formatPrice } from '../../../../lib/money';
import type { PlanChangeView } from '../../../../../shared/schemas/plan-changes';
import { cn } from '../../../../lib/cn';
import { formatDay } from '../../plan-change-rules';
import { CancelChange } from './cancel-change';

type StepState = 'done' | 'active' | 'todo';

function Step({ state, children }: { state: StepState; children: string }) {
  return (
    <li className={cn('flex items-center gap-2 text-sm', state === 'todo' && 'text-muted')}>
      {state === 'done' && <Check className="h-4 w-4 text-accent" aria-hidden="true" />}
      {state === 'active' && <Loader2 className="h-4 w-4 animate-spin text-accent" aria-hidden="true" />}
      {state === 'todo' && <span className="h-4 w-4 rounded-full border border-line" aria-hidden="true" />}
      <span>
        {children}
        <span className="sr-only">{state === 'done' ? ' (done)' : state === 'active' ? ' (in progress)' : ' (next)'}</span>
      </span>
    </li>
  );
}

/** What a change in progress is doing now, in one sentence (the live region reads it). */
export function progressText(change: PlanChangeView): string {
  if (change.status === 'charging') return `Taking the payment for ${change.toPlanName}...`;
  if (change.status === 'awaiting_payment') return `Waiting for your payment for ${change.toPlanName}.`;
  return `Resizing the server to ${change.toPlanName} (${change.toRamGb} GB RAM) on the game panel...`;
}

/** An upgrade being paid for and resized (or a downgrade being applied at its renewal), step by step. */
export function ChangeProgress({ change }: { change: PlanChangeView }) {
  const charging = change.status === 'charging';
  const paid = change.grossCents && change.grossCents > 0 ? `Paid ${formatPrice(change.grossCents)}` : 'Nothing to pay';
  return (
    <div className="space-y-3">
      <p role="status" className="font-semibold">
        {progressText(change)}
      </p>
      <ol className="space-y-2" aria-label="Progress">
        {change.kind === 'upgrade' && <Step state={charging ? 'active' : 'done'}>{charging ? 'Payment' : paid}</Step>}
        <Step state={charging ? 'todo' : 'active'}>Resizing on the game panel, keeping your files and worlds</Step>
        <Step state="todo">{`Ready with ${change.toRamGb} GB RAM`}</Step>
      </ol>
      <p className="text-xs text-muted">This usually takes under a minute. You can close this window: the card shows when it is done.</p>
    </div>
  );
}

/** An upgrade whose checkout is open in another tab. */
export function AwaitingPayment({ serverId, serverName, change }: { serverId: string; serverName: string; change: PlanChangeView }) {
  return (
    <div className="space-y-3">
      <p role="status" className="flex items-start gap-2 font-semibold">
        <CreditCard className="mt-0.5 h-5 w-5 shrink-0 text-accent" aria-hidden="true" />
        Waiting for your payment of {formatPrice(change.grossCents ?? 0)} for the upgrade to {change.toPlanName}.
      </p>
      <p className="text-sm text-muted">
        Finish paying in the checkout tab. This window moves on by itself once the payment arrives. If you closed the checkout, cancel this upgrade and
        start again; an unpaid checkout also lapses after an hour.
      </p>
      <CancelChange serverId={serverId} serverName={serverName} change={change} />
    </div>
  );
}

/** A downgrade waiting for the renewal. */
export function ScheduledChange({ serverId, serverName, change }: { serverId: string; serverName: string; change: PlanChangeView }) {
  return (
    <div className="space-y-3">
      <p className="flex items-start gap-2 font-semibold">
        <CalendarClock className="mt-0.5 h-5 w-5 shrink-0 text-accent" aria-hidden="true" />
        {serverName} moves to {change.toPlanName} on {formatDay(change.effectiveAt)}.
      </p>
      <p className="text-sm text-muted">
        Nothing changes before then. From that renewal it costs {formatPrice(change.renewalCents)} per billing period, before tax. Only one plan change can
        be under way: cancel this one to choose another plan.
      </p>
      <CancelChange serverId={serverId} serverName={serverName} change={change} />
    </div>
  );
}

/** How a change the customer followed ended. */
export function ChangeOutcome({ serverName, change }: { serverName: string; change: PlanChangeView }) {
  if (change.status === 'completed') {
    return (
      <p role="status" className="flex items-start gap-2 rounded-xl border border-accent/40 bg-accent/10 p-3 font-semibold">
        <Check className="mt-0.5 h-5 w-5 shrink-0 text-accent" aria-hidden="true" />
        Done: {serverName} now runs {change.toPlanName} with {change.toRamGb} GB RAM.
      </p>
    );
  }
  return (
    <div role="alert" className="flex items-start gap-2 rounded-xl border border-danger/40 bg-danger/10 p-3 text-sm">
      <AlertTriangle className="mt-0.5 h-5 w-5 shrink-0 text-danger" aria-hidden="true" />
      <p>
        <span className="font-semibold">{change.reason ?? `The change to ${change.toPlanName} did not go through.`}</span>
        {change.status === 'refunded' && ' Your payment was refunded: refunds take 5-7 business days to reach your card, credit is back at once.'}
      </p>
    </div>
  );
}
