import type { PlanChangeView } from '../../../shared/schemas/plan-changes';
import type { planChanges } from '../../db/schema';

type PlanChangeRow = typeof planChanges.$inferSelect;

export function toPlanChangeView(row: PlanChangeRow): PlanChangeView {
  return {
    id: row.id,
    serverId: row.serverId,
    kind: row.kind,
    status: row.status,
    fromPlanName: row.fromPlanName,
    toPlanName: row.toPlanName,
    toRamGb: row.toRamGb,
    currency: row.currency,
    amountCents: row.amountCents,
    grossCents: row.grossCents,
    renewalCents: row.renewalCents,
    effectiveAt: (row.kind === 'downgrade' ? row.periodEnd : row.createdAt).toISOString(),
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
  };
}
