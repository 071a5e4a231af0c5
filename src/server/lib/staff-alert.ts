/**
 * A notice that staff must act on: a set-up that failed, a renewal that could not be charged, a
 * payment webhook that was refused. Raised where it happens, delivered by a job (jobs/staff-alerts.ts)
 * by email to the staff roles that can act on it, and to the webhook set in Settings.
 */
export type StaffAlertKind = 'provisioning_failed' | 'renewal_failed' | 'webhook_rejected' | 'server_needs_staff' | 'payment_refused';

export interface StaffAlert {
  kind: StaffAlertKind;
  /** One line, e.g. "Set-up failed: Phoenix (ada@example.test)". */
  subject: string;
  /** What happened, in plain words, one fact a line; never a secret or a card number. */
  lines: string[];
  /** Where to act in the staff console, a path such as /admin/servers/<id>. */
  link?: string;
}

export interface StaffAlerter {
  /**
   * Queues the alert; never throws, so the caller's own work is never undone by an alert. With a
   * `throttleKey`, at most one alert with that key is sent per `throttleSeconds` (webhook rejections
   * that anyone on the internet can cause).
   */
  raise(alert: StaffAlert, options?: { throttleKey?: string; throttleSeconds?: number }): Promise<void>;
}

/** Alerts go nowhere: for tests and tools that run without the job queue. */
export const silentAlerter: StaffAlerter = { raise: async () => {} };
