import type PgBoss from 'pg-boss';
import type { JobLogger, JobQueue } from './queue';

export const MAIL_OUTBOX_QUEUE = 'mail-outbox';
export const MAIL_OUTBOX_SWEEP_QUEUE = 'mail-outbox-sweep';

interface MailJob {
  emailId: string;
}

export interface MailJobOptions {
  /** Tries before an email is marked failed (staff can resend it). */
  attempts: number;
  /** The first retry's delay; doubled each time when `backoff` is on. */
  retryDelaySeconds: number;
  backoff: boolean;
  singleProcess: boolean;
}

/** 10 tries, the first retry after a minute, doubling: an SMTP outage of up to about 17 hours loses nothing. */
export const defaultMailJobOptions = { attempts: 10, retryDelaySeconds: 60, backoff: true } as const;

function retries(options: MailJobOptions) {
  return {
    retryLimit: Math.max(0, options.attempts - 1),
    retryDelay: options.retryDelaySeconds,
    retryBackoff: options.backoff,
    expireInSeconds: 300,
  };
}

/** The sending side: the outbox hands each stored email over here (integrations/mail/outbox.ts). */
export function createMailQueue(deps: { queue: JobQueue; options: MailJobOptions }) {
  const { queue } = deps;
  const policy = { policy: 'standard', ...retries(deps.options) } as const;
  return {
    async enqueue(emailId: string) {
      await queue.createQueue(MAIL_OUTBOX_QUEUE, policy);
      if (await queue.hasLiveJob(MAIL_OUTBOX_QUEUE, emailId)) return;
      await queue.send(MAIL_OUTBOX_QUEUE, { emailId }, { ...retries(deps.options), singletonKey: emailId });
    },
  };
}

/**
 * Delivers outbox emails through the transport, one try per job run; pg-boss retries with backoff
 * and the last try marks the email failed. A sweep every five minutes hands over again emails whose
 * hand-over was lost (the process stopped between storing and queueing).
 */
export function createMailJobs(deps: {
  queue: JobQueue;
  log: JobLogger;
  options: MailJobOptions;
  deliver(emailId: string, options: { last: boolean }): Promise<void>;
  stranded(olderThanMs: number): Promise<string[]>;
}) {
  const { queue, options, log } = deps;
  const mail = createMailQueue(deps);

  async function handle(job: PgBoss.JobWithMetadata<MailJob>) {
    const last = job.retryCount >= job.retryLimit;
    try {
      await deps.deliver(job.data.emailId, { last });
    } catch (error) {
      log[last ? 'error' : 'warn']({ err: error, email: job.data.emailId }, last ? 'email could not be delivered; gave up' : 'email delivery failed; retrying');
      throw error;
    }
  }

  async function sweep() {
    const ids = await deps.stranded(60_000);
    for (const id of ids) await mail.enqueue(id);
    return ids.length;
  }

  return {
    ...mail,
    async startWorkers() {
      await queue.createQueue(MAIL_OUTBOX_QUEUE, { policy: 'standard', ...retries(options) });
      if (options.singleProcess) await queue.releaseActiveJobs(MAIL_OUTBOX_QUEUE);
      await queue.work<MailJob>(MAIL_OUTBOX_QUEUE, 2, handle);
      await queue.createQueue(MAIL_OUTBOX_SWEEP_QUEUE, { policy: 'short', retryLimit: 1, expireInSeconds: 300 });
      await queue.boss.schedule(MAIL_OUTBOX_SWEEP_QUEUE, '*/5 * * * *');
      await queue.work(MAIL_OUTBOX_SWEEP_QUEUE, 1, async () => {
        const n = await sweep();
        if (n > 0) log.info({ count: n }, 'stranded emails queued again');
      });
      await sweep().catch((error: unknown) => log.error({ err: error }, 'could not queue the stranded emails'));
    },
  };
}
