import type { StaffAlert, StaffAlerter } from '../lib/staff-alert';
import type { JobLogger, JobQueue } from './queue';

export const STAFF_ALERTS_QUEUE = 'staff-alerts';
export const STAFF_ALERT_WEBHOOK_QUEUE = 'staff-alert-webhook';

/** The webhook is tried for about an hour (30 s doubling), then given up with a log line. */
const webhookRetries = { retryLimit: 7, retryDelay: 30, retryBackoff: true, expireInSeconds: 120 };

/**
 * The sending side: raising an alert is one insert into the queue, so the request or job that
 * raises it never waits on a mail server or a chat service.
 */
export function createStaffAlertQueue(deps: { queue: JobQueue; log: JobLogger }): StaffAlerter {
  let ready: Promise<void> | null = null;
  const created = () => {
    ready ??= deps.queue.createQueue(STAFF_ALERTS_QUEUE, { policy: 'standard', retryLimit: 2, retryDelay: 30, expireInSeconds: 300 }).catch((error: unknown) => {
      ready = null;
      throw error;
    });
    return ready;
  };
  return {
    async raise(alert, options = {}) {
      try {
        await created();
        await deps.queue.send(STAFF_ALERTS_QUEUE, alert, {
          retryLimit: 2,
          retryDelay: 30,
          ...(options.throttleKey ? { singletonKey: options.throttleKey, singletonSeconds: options.throttleSeconds ?? 900 } : {}),
        });
      } catch (error) {
        deps.log.error({ err: error, alert: alert.kind, subject: alert.subject }, 'staff alert could not be queued');
      }
    },
  };
}

/** The delivering side (features/staff-alerts): email to the staff who can act, then the webhook as its own job. */
export function createStaffAlertJobs(deps: {
  queue: JobQueue;
  log: JobLogger;
  email(alert: StaffAlert): Promise<void>;
  /** Posts to the webhook set in Settings; answers false when none is set. Throws to be retried. */
  webhook(alert: StaffAlert): Promise<boolean>;
}) {
  return {
    async startWorkers() {
      await deps.queue.createQueue(STAFF_ALERTS_QUEUE, { policy: 'standard', retryLimit: 2, retryDelay: 30, expireInSeconds: 300 });
      await deps.queue.createQueue(STAFF_ALERT_WEBHOOK_QUEUE, { policy: 'standard', ...webhookRetries });
      await deps.queue.work<StaffAlert>(STAFF_ALERTS_QUEUE, 1, async (job) => {
        // The webhook first: its own job with its own retries, so a failing mail server does not repeat it.
        await deps.queue.send(STAFF_ALERT_WEBHOOK_QUEUE, job.data, { ...webhookRetries, singletonKey: job.id });
        await deps.email(job.data);
      });
      await deps.queue.work<StaffAlert>(STAFF_ALERT_WEBHOOK_QUEUE, 1, async (job) => {
        try {
          await deps.webhook(job.data);
        } catch (error) {
          const last = job.retryCount >= job.retryLimit;
          deps.log[last ? 'error' : 'warn']({ err: error, alert: job.data.kind }, last ? 'staff alert webhook gave up' : 'staff alert webhook failed; retrying');
          throw error;
        }
      });
    },
  };
}
