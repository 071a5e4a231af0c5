import { can, roleLabels, staffRoles, type Permission } from '../../../shared/permissions';
import { isDiscordWebhook, type AlertSettings } from '../../../shared/schemas/admin/alerts';
import type { Db } from '../../db/client';
import type { Mailer } from '../../integrations/mail/mailer';
import { audited, type StaffActor } from '../../lib/audit';
import type { Logger } from '../../lib/logger';
import type { Clock, Ids } from '../../lib/runtime';
import { SecretBoxError, type SecretBox } from '../../lib/secret-box';
import type { StaffAlert, StaffAlertKind } from '../../lib/staff-alert';
import { staffAlertEmail, staffAlertText } from './staff-alerts.emails';
import { ALERT_WEBHOOK_SECRET, staffEmails, storedWebhook, storeWebhook } from './staff-alerts.repository';
import { getBrand } from '../brand';

export interface StaffAlertDeps {
  db: Db;
  clock: Clock;
  ids: Ids;
  mailer: Mailer;
  brand: string;
  publicUrl: string;
  /** Seals the stored webhook address (APP_SECRET, purpose 'stored-secrets'). */
  box: SecretBox;
  log: Logger;
  fetchImpl?: typeof fetch;
}

/** Who can act on each alert: the permission its fix needs (shared/permissions.ts). */
const alertPermission: Record<StaffAlertKind, Permission> = {
  provisioning_failed: 'servers.operate',
  renewal_failed: 'money.write',
  webhook_rejected: 'settings.manage',
  server_needs_staff: 'servers.manage',
  payment_refused: 'settings.manage',
};

const alertLabels: Record<StaffAlertKind, string> = {
  provisioning_failed: 'A server could not be set up',
  renewal_failed: 'A renewal could not be charged',
  webhook_rejected: 'A payment webhook was refused',
  server_needs_staff: 'A region move or plan change could not be finished',
  payment_refused: 'The payment provider refused to open a checkout',
};

export function alertRoles(kind: StaffAlertKind): string[] {
  return staffRoles.filter((role) => can(role, alertPermission[kind]));
}

/** Emails every verified staff member who can act on the alert; one failed address does not stop the rest. */
export async function emailStaff(deps: StaffAlertDeps, alert: StaffAlert): Promise<void> {
  const message = staffAlertEmail(await getBrand(deps.db), deps.publicUrl, alert);
  for (const to of await staffEmails(deps.db, alertRoles(alert.kind))) {
    try {
      await deps.mailer.send({ to, ...message });
    } catch (error) {
      deps.log.error({ err: error, alert: alert.kind }, 'staff alert email could not be sent');
    }
  }
}

async function webhookUrl(deps: Pick<StaffAlertDeps, 'db' | 'box' | 'log'>): Promise<{ url: string; since: Date } | null> {
  const row = await storedWebhook(deps.db);
  if (!row) return null;
  try {
    return { url: deps.box.open(row.value, ALERT_WEBHOOK_SECRET), since: row.createdAt };
  } catch (error) {
    if (!(error instanceof SecretBoxError)) throw error;
    deps.log.error({ err: error }, 'the alert webhook address cannot be read with APP_SECRET: set it again in Settings');
    return null;
  }
}

/**
 * Posts the alert to the webhook set in Settings: Discord's `{content}` for a Discord address
 * (mentions turned off), the same text with the alert's fields for any other. Answers false when
 * no webhook is set; throws on a refusal so the job retries.
 */
export async function postAlertWebhook(deps: StaffAlertDeps, alert: StaffAlert): Promise<boolean> {
  const stored = await webhookUrl(deps);
  if (!stored) return false;
  const url = new URL(stored.url);
  const content = staffAlertText(await getBrand(deps.db), deps.publicUrl, alert);
  const body = isDiscordWebhook(url)
    ? { content, allowed_mentions: { parse: [] } }
    : { content, kind: alert.kind, subject: alert.subject, lines: alert.lines, link: alert.link ? new URL(alert.link, deps.publicUrl).toString() : null };
  const response = await (deps.fetchImpl ?? fetch)(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': `${deps.brand} staff alerts` },
    body: JSON.stringify(body),
    redirect: 'error',
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw new Error(`the alert webhook answered ${response.status}`);
  return true;
}

/** The address with its key hidden: enough to recognise it, not to post to it. */
function masked(raw: string): string {
  const url = new URL(raw);
  const parts = url.pathname.split('/');
  const last = parts.pop() ?? '';
  return `${url.origin}${parts.join('/')}/…${last.slice(-4)}`;
}

export async function getAlertSettings(deps: StaffAlertDeps): Promise<AlertSettings> {
  const stored = await webhookUrl(deps);
  return {
    webhookUrl: stored ? masked(stored.url) : null,
    discord: stored ? isDiscordWebhook(new URL(stored.url)) : false,
    updatedAt: stored?.since.toISOString() ?? null,
    recipients: (Object.keys(alertLabels) as StaffAlertKind[]).map((kind) => ({
      kind,
      label: alertLabels[kind],
      roles: alertRoles(kind).map((role) => roleLabels[role as keyof typeof roleLabels]),
    })),
  };
}

/** Sets or clears the webhook, audited (the address itself is never written to the log). */
export async function saveAlertSettings(deps: StaffAlertDeps, actor: StaffActor, input: { webhookUrl: string | null }): Promise<AlertSettings> {
  const before = await webhookUrl(deps);
  await audited(deps, actor, async (tx) => {
    const now = deps.clock.now();
    await storeWebhook(tx, input.webhookUrl ? deps.box.seal(input.webhookUrl, ALERT_WEBHOOK_SECRET) : null, now);
    return {
      result: null,
      audit: {
        action: 'settings.alerts_updated',
        targetType: 'settings',
        targetId: 'alerts',
        targetLabel: 'Staff alerts',
        before: { webhook: before ? masked(before.url) : null },
        after: { webhook: input.webhookUrl ? masked(input.webhookUrl) : null },
      },
    };
  });
  return getAlertSettings(deps);
}
