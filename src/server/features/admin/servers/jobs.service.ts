import { sql } from 'drizzle-orm';
import type { JobsOverview } from '../../../../shared/schemas/admin/servers';
import type { Db } from '../../../db/client';
import { REFUND_FAILED_QUEUE, PROVISION_QUEUE } from '../../../jobs/provisioning';
import { RENEWALS_QUEUE } from '../../../jobs/renewals';
import { conflict, notFound } from '../../../lib/errors';
import { dunningRulesFrom, nextDunningStep } from '../../billing';
import { getBusinessRules } from '../../brand';
import type { AdminDeps } from '../admin-deps';
import { audited, type StaffActor } from '../../../lib/audit';
import { nextCronRun } from './cron-next';
import { isUuid } from './servers.repository';

export type JobsAdminDeps = Pick<AdminDeps, 'database' | 'db' | 'clock' | 'ids' | 'jobs'>;

const queueLabels: Record<string, string> = {
  [PROVISION_QUEUE]: 'Server set-up',
  [REFUND_FAILED_QUEUE]: 'Refunds of failed set-ups',
  [RENEWALS_QUEUE]: 'Renewals and dunning',
  'expire-orders': 'Unpaid orders expiring',
  'server-restarts': 'Scheduled restarts',
  'server-usage': 'Usage samples',
  'automatic-backups': 'Automatic backups',
  'tickets-auto-resolve': 'Tickets auto-resolving',
  'commissions-payable': 'Affiliate commissions',
};
const labelOf = (name: string) => queueLabels[name] ?? name;

const date = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));
const isoOf = (v: unknown) => date(v)?.toISOString() ?? null;

interface CountRow {
  name: string;
  waiting: string | number;
  active: string | number;
  failed: string | number;
  completed: string | number;
}

async function queueCounts(deps: JobsAdminDeps): Promise<JobsOverview['queues']> {
  const [queues, counts, archived] = await Promise.all([
    deps.database.query<{ name: string }>('select name from pgboss.queue order by name'),
    deps.database.query<CountRow>(
      `select name,
              count(*) filter (where state in ('created', 'retry')) as waiting,
              count(*) filter (where state = 'active') as active,
              count(*) filter (where state = 'failed') as failed,
              count(*) filter (where state = 'completed' and completed_on > now() - interval '24 hours') as completed
         from pgboss.job group by name`,
    ),
    deps.database.query<{ name: string; completed: string | number }>(
      `select name, count(*) as completed from pgboss.archive
        where state = 'completed' and completed_on > now() - interval '24 hours' group by name`,
    ),
  ]);
  const byName = new Map(counts.map((c) => [c.name, c]));
  const archivedByName = new Map(archived.map((a) => [a.name, Number(a.completed)]));
  return queues.map(({ name }) => {
    const c = byName.get(name);
    return {
      name,
      label: labelOf(name),
      waiting: Number(c?.waiting ?? 0),
      active: Number(c?.active ?? 0),
      failed: Number(c?.failed ?? 0),
      completedRecently: Number(c?.completed ?? 0) + (archivedByName.get(name) ?? 0),
    };
  });
}

function errorText(output: unknown): string | null {
  if (output === null || output === undefined) return null;
  if (typeof output === 'object' && 'message' in output && typeof output.message === 'string') return output.message;
  return typeof output === 'string' ? output : JSON.stringify(output);
}

async function failedJobs(deps: JobsAdminDeps): Promise<JobsOverview['failed']> {
  const rows = await deps.database.query<{
    id: string;
    name: string;
    data: Record<string, unknown> | null;
    output: unknown;
    retry_count: number;
    retry_limit: number;
    created_on: unknown;
    completed_on: unknown;
  }>(
    `select id, name, data, output, retry_count, retry_limit, created_on, completed_on
       from pgboss.job where state = 'failed' order by completed_on desc nulls last limit 50`,
  );
  return rows.map((r) => {
    const serverId = typeof r.data?.serverId === 'string' ? r.data.serverId : null;
    return {
      id: r.id,
      queue: r.name,
      error: errorText(r.output),
      retryCount: Number(r.retry_count),
      retryLimit: Number(r.retry_limit),
      data: r.data && typeof r.data === 'object' ? r.data : null,
      serverId,
      createdAt: isoOf(r.created_on) ?? '',
      failedAt: isoOf(r.completed_on),
    };
  });
}

/** The renewal job's next steps: open renewals by their next attempt, then servers coming up for renewal. */
async function nextRenewals(deps: JobsAdminDeps): Promise<JobsOverview['renewals']> {
  const open = await deps.database.query<Record<string, unknown>>(
    `select r.id, r.server_id, s.name as server_name, u.email, r.status, r.next_attempt_at, r.attempts,
            r.last_attempt_at, r.period_start, r.suspended_at, c.cancel_at
       from renewals r
       join servers s on s.id = r.server_id
       join users u on u.id = r.user_id
       left join service_cancellations c on c.server_id = r.server_id
      where r.status in ('due', 'charging', 'failed') and r.next_attempt_at is not null
      order by r.next_attempt_at asc limit 20`,
  );
  const upcoming = await deps.database.query<Record<string, unknown>>(
    `select s.id, s.name, u.email, s.renews_at, c.cancel_at
       from servers s
       join users u on u.id = s.user_id
       left join service_cancellations c on c.server_id = s.id
      where s.status not in ('cancelled', 'failed') and s.deleted_at is null
        and not exists (select 1 from renewals r where r.server_id = s.id and r.period_start = s.renews_at)
      order by s.renews_at asc limit 20`,
  );
  const rules = dunningRulesFrom(await getBusinessRules(deps.db));
  const steps: JobsOverview['renewals'] = open.map((r) => {
    const at = date(r.next_attempt_at)!;
    const cancelAt = date(r.cancel_at);
    const step =
      cancelAt && cancelAt <= at
        ? 'cancel'
        : r.status === 'charging'
          ? 'charge'
          : nextDunningStep({
              dueAt: date(r.period_start)!,
              attempts: Number(r.attempts),
              lastAttemptAt: date(r.last_attempt_at),
              suspended: r.suspended_at !== null,
            }, rules).action;
    return {
      id: String(r.id),
      serverId: String(r.server_id),
      serverName: String(r.server_name),
      ownerEmail: String(r.email),
      status: String(r.status),
      step,
      at: at.toISOString(),
    };
  });
  for (const s of upcoming) {
    steps.push({
      id: `server:${String(s.id)}`,
      serverId: String(s.id),
      serverName: String(s.name),
      ownerEmail: String(s.email),
      status: 'upcoming',
      step: s.cancel_at ? 'cancel' : 'charge',
      at: date(s.renews_at)!.toISOString(),
    });
  }
  return steps.sort((a, b) => a.at.localeCompare(b.at)).slice(0, 20);
}

async function schedules(deps: JobsAdminDeps): Promise<JobsOverview['schedules']> {
  const rows = await deps.database.query<{ name: string; cron: string }>('select name, cron from pgboss.schedule order by name');
  const now = deps.clock.now();
  return rows.map((r) => ({ name: r.name, label: labelOf(r.name), cron: r.cron, nextRunAt: nextCronRun(r.cron, now)?.toISOString() ?? null }));
}

/** A read-only view of the pg-boss queue and of what the renewal job will do next. */
export async function jobsOverview(deps: JobsAdminDeps): Promise<JobsOverview> {
  // pg-boss installs its tables on start; a fresh app may not have started the queue yet.
  await deps.jobs.queue.start();
  const [queues, failed, renewals, crons] = await Promise.all([queueCounts(deps), failedJobs(deps), nextRenewals(deps), schedules(deps)]);
  return { queues, failed, renewals, schedules: crons };
}

function rowsOf(result: unknown): Record<string, unknown>[] {
  return ((result as { rows?: Record<string, unknown>[] }).rows ?? []) as Record<string, unknown>[];
}

/**
 * Puts a failed job back to retry, as pg-boss's own retry() does (one more attempt allowed), in
 * the transaction that records it; the workers pick it up at their next look.
 */
export async function retryJob(deps: JobsAdminDeps, actor: StaffActor, queue: string, jobId: string) {
  if (!isUuid(jobId)) throw notFound('Job not found');
  await deps.jobs.queue.start();
  return audited(deps, actor, async (tx: Db) => {
    const [job] = rowsOf(
      await tx.execute(sql`select state, retry_limit, data from pgboss.job where name = ${queue} and id = ${jobId}::uuid for update`),
    );
    if (!job) throw notFound('Job not found');
    if (job.state !== 'failed') throw conflict(`Only a failed job can be retried; this one is ${String(job.state)}.`);
    await tx.execute(
      sql`update pgboss.job set state = 'retry', retry_limit = retry_limit + 1
           where name = ${queue} and id = ${jobId}::uuid and state = 'failed'`,
    );
    const data = job.data as { serverId?: unknown } | null;
    return {
      result: { id: jobId, queue, state: 'retry' as const },
      audit: {
        action: 'job.retried',
        targetType: 'job',
        targetId: jobId,
        targetLabel: `${labelOf(queue)}${typeof data?.serverId === 'string' ? ` (server ${data.serverId})` : ''}`,
        before: { state: 'failed', retryLimit: Number(job.retry_limit) },
        after: { state: 'retry', retryLimit: Number(job.retry_limit) + 1 },
      },
    };
  });
}
