import type { JobLogger, JobQueue } from './queue';

export const RENEWALS_QUEUE = 'renewals';
/** Every five minutes: a renewal is charged within minutes of its date, and retries need no finer grain. */
export const RENEWALS_CRON = '*/5 * * * *';

/**
 * Schedules the renewal and dunning pass (features/billing/renewals.service.ts runRenewals) as a
 * pg-boss cron, which fires once across every process sharing the database. The pass is safe to
 * overlap anyway: each step claims its renewal row before acting.
 */
export async function startRenewalsCron(queue: JobQueue, runRenewals: () => Promise<number>, log: JobLogger): Promise<void> {
  await queue.createQueue(RENEWALS_QUEUE, { policy: 'short', retryLimit: 1, expireInSeconds: 600 });
  await queue.boss.schedule(RENEWALS_QUEUE, RENEWALS_CRON);
  await queue.work(RENEWALS_QUEUE, 1, async () => {
    const moved = await runRenewals();
    if (moved > 0) log.info({ renewals: moved }, 'renewals and dunning steps carried out');
  });
}
