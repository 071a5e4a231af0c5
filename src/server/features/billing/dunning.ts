import { policy } from '../../../shared/policy';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface DunningRules {
  retryDays: number;
  suspendAfterDays: number;
  deleteAfterDays: number;
}

export const dunningRules: DunningRules = {
  retryDays: policy.paymentRetryDays,
  suspendAfterDays: policy.suspendAfterDays,
  deleteAfterDays: policy.deleteAfterDays,
};

/** The rules with the days staff set in Settings → Business rules (the retry spacing stays fixed). */
export function dunningRulesFrom(rules: Pick<DunningRules, 'suspendAfterDays' | 'deleteAfterDays'>): DunningRules {
  return { retryDays: policy.paymentRetryDays, suspendAfterDays: rules.suspendAfterDays, deleteAfterDays: rules.deleteAfterDays };
}

/** An unpaid renewal as the dunning rules see it. */
export interface DunningState {
  dueAt: Date;
  /** Charges tried so far. */
  attempts: number;
  /** When the last charge was tried; a retry waits retryDays from it as well. */
  lastAttemptAt: Date | null;
  suspended: boolean;
}

export type DunningAction = 'charge' | 'suspend' | 'terminate';

export interface DunningStep {
  action: DunningAction;
  at: Date;
}

/**
 * What happens next to an unpaid renewal, and when: charged at the due date, retried every
 * retryDays (due+3d, due+6d, …) while it stays unpaid, suspended at due+7d and terminated at
 * due+30d. A retry never comes sooner than retryDays after the last one, so a job that was down
 * for a while does not charge twice in one run. On a tie the harsher step wins: terminate, then
 * suspend, then charge.
 */
export function nextDunningStep(state: DunningState, rules: DunningRules = dunningRules): DunningStep {
  const due = state.dueAt.getTime();
  const terminateAt = due + rules.deleteAfterDays * DAY_MS;
  const steps: { action: DunningAction; at: number }[] = [{ action: 'terminate', at: terminateAt }];
  if (!state.suspended) steps.push({ action: 'suspend', at: due + rules.suspendAfterDays * DAY_MS });
  const chargeAt =
    state.attempts === 0
      ? due
      : Math.max(due + rules.retryDays * state.attempts * DAY_MS, (state.lastAttemptAt?.getTime() ?? due) + rules.retryDays * DAY_MS);
  if (chargeAt < terminateAt) steps.push({ action: 'charge', at: chargeAt });
  const next = steps.reduce((best, s) => (s.at < best.at ? s : best));
  return { action: next.action, at: new Date(next.at) };
}

/**
 * The step to take now, or null when the next one lies in the future. Past the termination date
 * nothing else is tried any more, even a retry that fell due while the job was not running.
 */
export function dueDunningStep(state: DunningState, now: Date, rules: DunningRules = dunningRules): DunningStep | null {
  const terminateAt = new Date(state.dueAt.getTime() + rules.deleteAfterDays * DAY_MS);
  if (now.getTime() >= terminateAt.getTime()) return { action: 'terminate', at: terminateAt };
  const step = nextDunningStep(state, rules);
  return step.at.getTime() <= now.getTime() ? step : null;
}

/** When a failed charge is tried again, for the "payment failed" email; null when it will not be. */
export function retryDateAfterFailure(state: DunningState, rules: DunningRules = dunningRules): Date | null {
  let s = state;
  for (let i = 0; i < 3; i += 1) {
    const step = nextDunningStep(s, rules);
    if (step.action === 'charge') return step.at;
    if (step.action === 'terminate') return null;
    s = { ...s, suspended: true };
  }
  return null;
}
