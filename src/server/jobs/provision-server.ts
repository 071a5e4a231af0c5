import type { Db } from '../db/client';
import { PanelError, type GamePanel, type PanelServer } from '../integrations/panel/game-panel';
import { logActivity, said, type ActivityText } from '../lib/activity';
import type { EventBus } from '../lib/events';
import type { Clock, Ids } from '../lib/runtime';
import type { StaffAlerter } from '../lib/staff-alert';
import {
  loadJobServer,
  recordFailedAttempt,
  saveAddress,
  saveFailureReason,
  savePanelAccount,
  transition,
  type JobServer,
  type ServerRow,
} from './provisioning.repository';
import type { JobLogger } from './queue';

export interface ProvisionDeps {
  db: Db;
  clock: Clock;
  ids: Ids;
  panel: GamePanel;
  events: EventBus;
  log: JobLogger;
  /** Refunds the order in full; calling it twice refunds once (features/billing/refunds.ts). */
  refundOrder(orderId: string, reason: string): Promise<void>;
  /** Tells staff of a set-up that failed (the customer is told "Our team has been alerted"). */
  alerts?: StaffAlerter;
  /** An install still running after this long is given up. */
  installTimeoutMs: number;
  /**
   * How long a failed server waits for staff to retry it before its clean-up and refund
   * (PROVISION_REFUND_GRACE_MINUTES); 0 or unset cleans up and refunds at once.
   */
  refundGraceMs?: number;
  /** Tells the customer their server is online ('your server is ready'); called once, when it becomes online. */
  serverReady?: (server: ServerRow) => Promise<void>;
}

/**
 * 'poll': the panel is still installing, look again later; 'retry': the step failed and may be
 * tried again after a wait; `refundInMs`: failed, clean up and refund then.
 */
export type StepOutcome = 'done' | 'poll' | 'retry' | { refundInMs: number };

const REFUNDED = 'Your payment is refunded in full.';

function graceDuration(graceMs: number): string {
  const minutes = Math.round(graceMs / 60_000);
  if (minutes === 60) return 'an hour';
  if (minutes > 60 && minutes % 60 === 0) return `${minutes / 60} hours`;
  if (minutes === 1 || minutes === 0) return 'a minute';
  return `${minutes} minutes`;
}

/** The promise made while staff can still retry; replaced by REFUNDED once the refund is made. */
function graceSentence(graceMs: number): string {
  return `Our team has been alerted and is looking at it; if it cannot be fixed within ${graceDuration(graceMs)}, your payment is refunded in full.`;
}

/**
 * What the customer reads on the failed server; no internals. With a grace period staff can
 * retry it first, and the message says so; without one the refund is made at once.
 */
export function failureReason(error: unknown, locationLabel: string, graceMs = 0): string {
  const next = graceMs > 0 ? graceSentence(graceMs) : REFUNDED;
  const code = error instanceof PanelError ? error.code : '';
  if (code === 'no_capacity') return `${locationLabel} has no free capacity right now, so we could not set up your server. ${next}`;
  if (code === 'install_failed') return `The game failed to install on your server. ${next}`;
  if (code === 'install_timeout') return `Your server did not finish installing in time. ${next}`;
  return `We could not set up your server after several attempts. ${next}`;
}

/** The error as staff read it on the server's page (never shown to the customer). */
export function describeError(error: unknown): string {
  if (error instanceof PanelError) {
    return `${error.message} (${error.code}${error.status ? `, HTTP ${error.status}` : ''})`.slice(0, 2000);
  }
  return (error instanceof Error ? error.message : String(error)).slice(0, 2000);
}

const REFUND_REASON = 'the server could not be set up';

/**
 * One step of provisioning, driven by the server row's status, so a job that runs twice, or a
 * new job after a crash, picks up where the last one stopped:
 * provisioning → (panel user, panel server) → installing → (panel says installed) → online;
 * failed → (after the refund grace, in which staff may retry: panel server deleted, order
 * refunded). Every transition is a compare-and-set on the
 * status, so its event and activity line happen once.
 *
 * Answers 'retry' to be tried again; on the last attempt, or on an error retrying cannot fix, it gives up.
 */
export async function provisionServer(deps: ProvisionDeps, serverId: string, attempt: { last: boolean }): Promise<StepOutcome> {
  const job = await loadJobServer(deps.db, serverId);
  if (!job) {
    deps.log.warn({ serverId }, 'provisioning: no such server');
    return 'done';
  }
  if (job.server.status === 'failed') return refundWhenDue(deps, job);
  if (job.server.status !== 'provisioning' && job.server.status !== 'installing') return 'done';
  try {
    let current = job;
    if (job.server.status === 'provisioning') {
      const row = await createOnPanel(deps, job);
      if (!row) return 'done';
      current = { ...job, server: row };
    }
    return await checkInstall(deps, current);
  } catch (error) {
    await recordFailedAttempt(deps.db, job.server.id, describeError(error));
    const retryable = error instanceof PanelError ? error.retryable : true;
    if (retryable && !attempt.last) return 'retry';
    return giveUp(deps, job, error);
  }
}

function graceMsOf(deps: ProvisionDeps): number {
  return Math.max(0, deps.refundGraceMs ?? 0);
}

/**
 * A failed server past its grace period is cleaned up and refunded; one still inside it (staff
 * may retry it) answers how long is left. Anything else (staff retried it) needs nothing.
 */
export async function refundFailedServer(deps: ProvisionDeps, serverId: string): Promise<StepOutcome> {
  const job = await loadJobServer(deps.db, serverId);
  if (!job || job.server.status !== 'failed') return 'done';
  return refundWhenDue(deps, job);
}

async function refundWhenDue(deps: ProvisionDeps, job: JobServer): Promise<StepOutcome> {
  const left = graceMsOf(deps) - (deps.clock.now().getTime() - job.server.updatedAt.getTime());
  if (left > 0 && !job.refunded) return { refundInMs: left };
  await cleanUp(deps, job);
  return 'done';
}

async function createOnPanel(deps: ProvisionDeps, job: JobServer): Promise<ServerRow | null> {
  const { server, user } = job;
  const panelUserId = await deps.panel.ensureUser({
    externalId: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
  });
  await savePanelAccount(deps.db, user.id, panelUserId, deps.clock.now());
  const created = await deps.panel.createServer({
    externalId: server.id,
    panelUserId,
    name: server.name,
    game: server.game,
    location: server.location,
    ramGb: server.ramGb,
    vcpu: server.vcpu,
    diskGb: server.diskGb,
    backups: job.backups,
    playerCap: server.playerCap,
    ...(job.panelMapping ? { panel: job.panelMapping } : {}),
  });
  const row = await transition(deps.db, server.id, ['provisioning'], 'installing', {
    panelServerId: created.panelServerId,
    panelIdentifier: created.identifier,
    panelUrl: created.panelUrl,
    ip: created.ip,
    port: created.port,
    ...(created.extraPorts ? { extraPorts: created.extraPorts } : {}),
    updatedAt: deps.clock.now(),
  });
  if (!row) {
    // Another run moved the server on. If it gave up meanwhile, the panel server is an orphan.
    const now = await loadJobServer(deps.db, server.id);
    if (now && (now.server.status === 'failed' || now.server.status === 'cancelled')) {
      await deps.panel.deleteServer(created.panelServerId);
    }
    return null;
  }
  changed(deps, row);
  await activity(deps, row, said('activity.server.installing', { server: row.name, location: job.locationLabel }, { texts: { location: job.locationLabels } }));
  return row;
}

async function checkInstall(deps: ProvisionDeps, job: JobServer): Promise<StepOutcome> {
  const { server } = job;
  const onPanel: PanelServer | null = server.panelServerId
    ? await deps.panel.getServer(server.panelServerId)
    : await deps.panel.findServer(server.id);
  if (!onPanel) throw new PanelError('the panel no longer has the server', false, 'not_found');
  const extraPorts = onPanel.extraPorts ?? server.extraPorts;
  if (onPanel.ip && (onPanel.ip !== server.ip || onPanel.port !== server.port || extraPorts.join() !== server.extraPorts.join())) {
    await saveAddress(deps.db, server.id, onPanel.ip, onPanel.port, extraPorts);
  }
  // A server without an allocation (Pelican deploys one only when asked for ports) is bound to
  // 127.0.0.1:0 by Wings: no customer could connect, so it is never called online.
  if (!onPanel.ip || !onPanel.port) {
    throw new PanelError('the panel gave the server no address (no allocation): assign it one on the panel, then retry', false, 'no_address');
  }
  if (onPanel.state === 'install_failed') throw new PanelError('the install script failed', false, 'install_failed');
  if (onPanel.state === 'installing') {
    const installingFor = deps.clock.now().getTime() - server.updatedAt.getTime();
    if (installingFor > deps.installTimeoutMs) throw new PanelError('the install took too long', false, 'install_timeout');
    return 'poll';
  }
  const row = await transition(deps.db, server.id, ['installing'], 'online', { updatedAt: deps.clock.now() });
  if (row) {
    changed(deps, row);
    await activity(deps, row, said('activity.server.online', { server: row.name }));
    try {
      await deps.serverReady?.(row);
    } catch (error) {
      deps.log.warn({ err: error, serverId: row.id }, 'could not send the server-ready email');
    }
  }
  return 'done';
}

async function giveUp(deps: ProvisionDeps, job: JobServer, error: unknown): Promise<StepOutcome> {
  const grace = graceMsOf(deps);
  const reason = failureReason(error, job.locationLabel, grace);
  const row = await transition(deps.db, job.server.id, ['provisioning', 'installing'], 'failed', {
    failureReason: reason,
    updatedAt: deps.clock.now(),
  });
  if (!row) return 'done';
  deps.log.warn(
    { err: error, serverId: row.id, orderId: row.orderId },
    grace > 0 ? 'provisioning gave up; staff can retry it before the refund' : 'provisioning gave up; refunding',
  );
  changed(deps, row);
  await activity(deps, row, said('activity.server.failed', { server: row.name, reason }));
  await deps.alerts?.raise({
    kind: 'provisioning_failed',
    subject: `Set-up failed: ${row.name} (${job.user.email})`,
    lines: [
      `The server ${row.name} in ${job.locationLabel} could not be set up after ${row.provisioningAttempts} attempt${row.provisioningAttempts === 1 ? '' : 's'}.`,
      `The panel said: ${describeError(error)}`,
      grace > 0
        ? `Retry it from Servers in the staff console within ${graceDuration(grace)}; after that its order is refunded in full.`
        : 'Its order is being refunded in full.',
    ],
    link: `/admin/servers/${row.id}`,
  });
  if (grace > 0) return { refundInMs: grace };
  await cleanUp(deps, { ...job, server: row });
  return 'done';
}

/** After a failure: no server left on the panel, and the order refunded. Both are idempotent. */
async function cleanUp(deps: ProvisionDeps, job: JobServer) {
  const { server } = job;
  const panelServerId = server.panelServerId ?? (await deps.panel.findServer(server.id))?.panelServerId;
  if (panelServerId) await deps.panel.deleteServer(panelServerId);
  if (job.refunded) return;
  await deps.refundOrder(server.orderId, REFUND_REASON);
  const grace = graceMsOf(deps);
  if (grace > 0 && server.failureReason?.includes(graceSentence(grace))) {
    // The promise is kept: the message now says the refund was made.
    const reason = server.failureReason.replace(graceSentence(grace), REFUNDED);
    if (await saveFailureReason(deps.db, server.id, reason)) changed(deps, server);
  }
}

function changed(deps: ProvisionDeps, row: ServerRow) {
  deps.events.publish(row.userId, { topic: 'servers', id: row.id });
}

async function activity(deps: ProvisionDeps, row: ServerRow, text: ActivityText) {
  try {
    await logActivity(deps, { userId: row.userId, kind: 'server', text, subjectId: row.id });
  } catch (error) {
    deps.log.warn({ err: error, serverId: row.id }, 'could not log server activity');
  }
}
