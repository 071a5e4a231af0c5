import type { BulkRetryResult } from '../../../../shared/schemas/admin/servers';
import type { StaffActor } from '../../../lib/audit';
import { HttpError } from '../../../lib/errors';
import { retryProvisioning } from './server-actions.service';
import type { ServersAdminDeps } from './servers.service';

/**
 * Retries each chosen failed set-up as the single retry does: its own audited transaction, with
 * the one reason. One that cannot be retried (set up meanwhile, refunded, the panel not answering)
 * is reported and does not stop the others.
 */
export async function retryFailedServers(deps: ServersAdminDeps, actor: StaffActor, serverIds: readonly string[], reason: string): Promise<BulkRetryResult> {
  const results: BulkRetryResult['results'] = [];
  for (const id of new Set(serverIds)) {
    try {
      const server = await retryProvisioning(deps, actor, id, reason);
      results.push({ id, name: server.name, ok: true, message: null });
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      results.push({ id, name: null, ok: false, message: error.message });
    }
  }
  return { retried: results.filter((r) => r.ok).length, results };
}
