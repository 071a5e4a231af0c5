import type { Config } from '../config';
import type { Database } from '../db/client';
import type { GamePanel } from '../integrations/panel/game-panel';
import type { EventBus } from '../lib/events';
import type { Clock, Ids } from '../lib/runtime';
import { createBackgroundJobs, type BackgroundJobs, type PeriodicJob, type ServerMaintenanceJobs } from './background-jobs';
import { createResizeJobs, type ResizeJobs } from './plan-change-resize';
import { createMoveJobs, type MoveJobs } from './region-move';
import { createProvisioning, type Provisioning, type ProvisioningOptions } from './provisioning';
import { createSoftwareSwitchJobs, type SoftwareSwitchJobs } from './software-switch';
import { createJobQueue, type JobLogger, type JobQueueOptions } from './queue';
import { createVatIdCheckJobs, defaultVatIdCheckOptions, type VatIdCheckJobs } from './vat-id-checks';

export interface JobsInput {
  config: Config;
  database: Database;
  clock: Clock;
  ids: Ids;
  panel: GamePanel;
  events: EventBus;
  log: JobLogger;
  refundOrder(orderId: string, reason: string): Promise<void>;
  expireOrders?: () => Promise<number>;
  /** Server management's periodic work: scheduled restarts, usage samples, automatic backups. */
  maintenance?: ServerMaintenanceJobs;
  /** The renewal and dunning pass (features/billing/renewals.service.ts). */
  renewals?: () => Promise<number>;
  periodic?: PeriodicJob[];
  /** Plan changes' resize step and sweep (features/plan-changes), bound once the app has built them. */
  planChanges?: { run(changeId: string, options: { last: boolean }): Promise<void>; sweep(): Promise<number> };
  /** Region moves' run and sweep (features/region-moves), bound once the app has built them. */
  regionMoves?: { run(moveId: string, options: { last: boolean }): Promise<{ wait: boolean }>; sweep(): Promise<number> };
  /** Software switches' steps (features/software-switch), bound once the app has built them. */
  softwareSwitches?: { run(switchId: string, options: { last: boolean }): Promise<'poll' | 'done'>; open(): Promise<string[]> };
  /** VAT ID checks VIES could not answer (features/tax/vat-id-checks.service.ts), bound once the app has built them. */
  vatIdChecks?: { run(userId: string, options: { last: boolean }): Promise<void>; stillChecking(): Promise<string[]> };
  /** Overrides for tests: fast retries and polls. */
  provisioningOptions?: Partial<ProvisioningOptions>;
  queueOptions?: Omit<JobQueueOptions, 'log'>;
}

/** The job queue, provisioning and the workers, configured from the environment. */
export function jobsFromConfig(input: JobsInput): {
  provisioning: Provisioning;
  jobs: BackgroundJobs;
  resizes: ResizeJobs;
  moves: MoveJobs;
  switches: SoftwareSwitchJobs;
  vatIdCheckJobs: VatIdCheckJobs;
} {
  const queue = createJobQueue(input.database, { ...input.queueOptions, log: input.log });
  const provisioning = createProvisioning({
    db: input.database.db,
    clock: input.clock,
    ids: input.ids,
    panel: input.panel,
    events: input.events,
    log: input.log,
    refundOrder: input.refundOrder,
    installTimeoutMs: Math.max(30 * 60, input.config.SIM_PANEL_INSTALL_SECONDS * 3) * 1000,
    refundGraceMs: input.config.PROVISION_REFUND_GRACE_MINUTES * 60_000,
    queue,
    options: {
      attempts: input.config.PROVISION_ATTEMPTS,
      retryDelaySeconds: input.config.PROVISION_RETRY_DELAY_SECONDS,
      concurrency: input.config.JOB_CONCURRENCY,
      singleProcess: input.database.kind === 'pglite',
      ...input.provisioningOptions,
    },
  });
  const planChanges = input.planChanges;
  const resizes = createResizeJobs({
    queue,
    log: input.log,
    options: {
      attempts: input.provisioningOptions?.attempts ?? input.config.PROVISION_ATTEMPTS,
      retryDelaySeconds: input.provisioningOptions?.retryDelaySeconds ?? input.config.PROVISION_RETRY_DELAY_SECONDS,
      concurrency: 2,
      singleProcess: input.database.kind === 'pglite',
    },
    run: (changeId, options) => (planChanges ? planChanges.run(changeId, options) : Promise.resolve()),
    sweep: () => (planChanges ? planChanges.sweep() : Promise.resolve(0)),
  });
  const regionMoves = input.regionMoves;
  const moves = createMoveJobs({
    queue,
    log: input.log,
    options: {
      attempts: input.provisioningOptions?.attempts ?? input.config.PROVISION_ATTEMPTS,
      retryDelaySeconds: input.provisioningOptions?.retryDelaySeconds ?? input.config.PROVISION_RETRY_DELAY_SECONDS,
      concurrency: 2,
      pollSeconds: input.provisioningOptions?.pollSeconds ?? 2,
      singleProcess: input.database.kind === 'pglite',
    },
    run: (moveId, options) => (regionMoves ? regionMoves.run(moveId, options) : Promise.resolve({ wait: false })),
    sweep: () => (regionMoves ? regionMoves.sweep() : Promise.resolve(0)),
  });
  const softwareSwitches = input.softwareSwitches;
  const switches = createSoftwareSwitchJobs({
    queue,
    log: input.log,
    options: {
      attempts: input.provisioningOptions?.attempts ?? input.config.PROVISION_ATTEMPTS,
      retryDelaySeconds: input.provisioningOptions?.retryDelaySeconds ?? input.config.PROVISION_RETRY_DELAY_SECONDS,
      pollSeconds: input.provisioningOptions?.pollSeconds ?? 3,
      concurrency: 2,
      singleProcess: input.database.kind === 'pglite',
    },
    run: (switchId, options) => (softwareSwitches ? softwareSwitches.run(switchId, options) : Promise.resolve('done' as const)),
    openSwitches: () => (softwareSwitches ? softwareSwitches.open() : Promise.resolve([])),
  });
  const vatIdChecks = input.vatIdChecks;
  const vatIdCheckJobs = createVatIdCheckJobs({
    queue,
    log: input.log,
    options: { ...defaultVatIdCheckOptions, singleProcess: input.database.kind === 'pglite' },
    run: (userId, options) => (vatIdChecks ? vatIdChecks.run(userId, options) : Promise.resolve()),
    stillChecking: () => (vatIdChecks ? vatIdChecks.stillChecking() : Promise.resolve([])),
  });
  const jobs = createBackgroundJobs({
    queue,
    provisioning,
    expireOrders: input.expireOrders,
    maintenance: input.maintenance,
    renewals: input.renewals,
    periodic: input.periodic,
    workers: [resizes, moves, switches, vatIdCheckJobs],
    log: input.log,
  });
  return { provisioning, jobs, resizes, moves, switches, vatIdCheckJobs };
}
