import type { ProvisionDeps } from './provision-server';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { GamePanel } from '../integrations/panel/game-panel';
import type { EventBus } from '../lib/events';
import type { Clock, Ids } from '../lib/runtime';
import { createBackgroundJobs, type BackgroundJobs, type PeriodicJob, type ServerMaintenanceJobs } from './background-jobs';
import { createResizeJobs, createResizeQueue, type ResizeJobOptions, type ResizeQueue } from './plan-change-resize';
import { createMoveJobs, createMoveQueue, type MoveJobOptions, type MoveQueue } from './region-move';
import { createProvisioning, type Provisioning, type ProvisioningOptions } from './provisioning';
import { createSoftwareSwitchJobs, createSoftwareSwitchQueue, type SoftwareSwitchJobOptions, type SoftwareSwitchQueue } from './software-switch';
import { createJobQueue, type JobLogger, type JobQueue, type JobQueueOptions } from './queue';
import { createStaffAlertJobs, createStaffAlertQueue } from './staff-alerts';
import type { StaffAlert, StaffAlerter } from '../lib/staff-alert';
import { createVatIdCheckJobs, createVatIdCheckQueue, defaultVatIdCheckOptions, type VatIdCheckJobOptions, type VatIdCheckQueue } from './vat-id-checks';

export interface JobQueuesInput {
  /** The queue, when the caller built it first (the outbox sends to it before these exist). */
  queue?: JobQueue;
  config: Config;
  database: Database;
  clock: Clock;
  ids: Ids;
  panel: GamePanel;
  events: EventBus;
  log: JobLogger;
  refundOrder(orderId: string, reason: string): Promise<void>;
  /** The 'your server is ready' email (features/servers). */
  serverReady?: ProvisionDeps['serverReady'];
  /** Overrides for tests: fast retries and polls. */
  provisioningOptions?: Partial<ProvisioningOptions>;
  queueOptions?: Omit<JobQueueOptions, 'log'>;
}

/** The job queue, provisioning, and the sending side of every other durable job. */
export interface JobQueues {
  queue: JobQueue;
  log: JobLogger;
  provisioning: Provisioning;
  resizes: ResizeQueue;
  moves: MoveQueue;
  switches: SoftwareSwitchQueue;
  vatIdChecks: VatIdCheckQueue;
  /** Raises staff alerts (failed set-ups, renewals, webhook rejections); delivered by the staff-alerts job. */
  alerts: StaffAlerter;
  options: {
    resizes: ResizeJobOptions;
    moves: MoveJobOptions;
    switches: SoftwareSwitchJobOptions;
    vatIdChecks: VatIdCheckJobOptions;
  };
}

/**
 * The queues, configured from the environment. Built before the services that send to them; the
 * workers that run those services come after them (backgroundJobsFor), so neither refers to the other
 * before it exists.
 */
export function jobQueuesFromConfig(input: JobQueuesInput): JobQueues {
  const { config, database, provisioningOptions } = input;
  const queue = input.queue ?? createJobQueue(database, { ...input.queueOptions, log: input.log });
  const singleProcess = database.kind === 'pglite';
  const alerts = createStaffAlertQueue({ queue, log: input.log });
  const provisioning = createProvisioning({
    db: database.db,
    clock: input.clock,
    ids: input.ids,
    panel: input.panel,
    events: input.events,
    log: input.log,
    refundOrder: input.refundOrder,
    ...(input.serverReady ? { serverReady: input.serverReady } : {}),
    alerts,
    installTimeoutMs: Math.max(30 * 60, config.SIM_PANEL_INSTALL_SECONDS * 3) * 1000,
    refundGraceMs: config.PROVISION_REFUND_GRACE_MINUTES * 60_000,
    queue,
    options: {
      attempts: config.PROVISION_ATTEMPTS,
      retryDelaySeconds: config.PROVISION_RETRY_DELAY_SECONDS,
      maxRetryDelaySeconds: config.PROVISION_RETRY_MAX_DELAY_SECONDS,
      retryWindowSeconds: config.PROVISION_RETRY_WINDOW_MINUTES * 60,
      concurrency: config.JOB_CONCURRENCY,
      singleProcess,
      ...provisioningOptions,
    },
  });
  const retries = {
    attempts: provisioningOptions?.attempts ?? config.PROVISION_ATTEMPTS,
    retryDelaySeconds: provisioningOptions?.retryDelaySeconds ?? config.PROVISION_RETRY_DELAY_SECONDS,
  };
  const options = {
    resizes: { ...retries, concurrency: 2, singleProcess },
    moves: { ...retries, concurrency: 2, pollSeconds: provisioningOptions?.pollSeconds ?? 2, singleProcess },
    switches: { ...retries, pollSeconds: provisioningOptions?.pollSeconds ?? 3, concurrency: 2, singleProcess },
    vatIdChecks: { ...defaultVatIdCheckOptions, singleProcess },
  };
  return {
    queue,
    log: input.log,
    provisioning,
    resizes: createResizeQueue({ queue, options: options.resizes }),
    moves: createMoveQueue({ queue, options: options.moves }),
    switches: createSoftwareSwitchQueue({ queue, options: options.switches }),
    vatIdChecks: createVatIdCheckQueue({ queue, options: options.vatIdChecks }),
    alerts,
    options,
  };
}

export interface JobWork {
  expireOrders?: () => Promise<number>;
  /** Server management's periodic work: scheduled restarts, usage samples, automatic backups. */
  maintenance?: ServerMaintenanceJobs;
  /** The renewal and dunning pass (features/billing/renewals.service.ts). */
  renewals?: () => Promise<number>;
  periodic?: PeriodicJob[];
  /** Plan changes' resize step and sweep (features/plan-changes). */
  planChanges: { run(changeId: string, options: { last: boolean }): Promise<void>; sweep(): Promise<number> };
  /** Region moves' run and sweep (features/region-moves). */
  regionMoves: { run(moveId: string, options: { last: boolean }): Promise<{ wait: boolean }>; sweep(): Promise<number> };
  /** Software switches' steps (features/software-switch). */
  softwareSwitches: { run(switchId: string, options: { last: boolean }): Promise<'poll' | 'done'>; open(): Promise<string[]> };
  /** VAT ID checks VIES could not answer (features/tax/vat-id-checks.service.ts). */
  vatIdChecks: { run(userId: string, options: { last: boolean }): Promise<void>; stillChecking(): Promise<string[]> };
  /** Delivery of staff alerts (features/staff-alerts): email to the roles that can act, and the Settings webhook. */
  staffAlerts?: { email(alert: StaffAlert): Promise<void>; webhook(alert: StaffAlert): Promise<boolean> };
  /** Workers built elsewhere (the mail outbox's delivery, integrations/mail/outbox.ts). */
  workers?: { startWorkers(): Promise<void> }[];
}

/** The workers of this process on those queues, running the services built from them, and the crons. */
export function backgroundJobsFor(queues: JobQueues, work: JobWork): BackgroundJobs {
  const { queue, log, options } = queues;
  const resizes = createResizeJobs({ queue, log, options: options.resizes, ...work.planChanges });
  const moves = createMoveJobs({ queue, log, options: options.moves, ...work.regionMoves });
  const switches = createSoftwareSwitchJobs({
    queue,
    log,
    options: options.switches,
    run: work.softwareSwitches.run,
    openSwitches: work.softwareSwitches.open,
  });
  const vatIdChecks = createVatIdCheckJobs({ queue, log, options: options.vatIdChecks, ...work.vatIdChecks });
  const staffAlerts = work.staffAlerts ? [createStaffAlertJobs({ queue, log, ...work.staffAlerts })] : [];
  return createBackgroundJobs({
    queue,
    provisioning: queues.provisioning,
    expireOrders: work.expireOrders,
    maintenance: work.maintenance,
    renewals: work.renewals,
    periodic: work.periodic,
    workers: [resizes, moves, switches, vatIdChecks, ...staffAlerts, ...(work.workers ?? [])],
    log,
  });
}
