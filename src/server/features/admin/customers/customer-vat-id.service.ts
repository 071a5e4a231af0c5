import type { CustomerActionResponse } from '../../../../shared/schemas/admin/customers';
import { verifyVatIdByHand } from '../../tax';
import { audited, type StaffActor } from '../../../lib/audit';
import { loadCustomer, type CustomersDeps } from './customers.service';

/**
 * Marks the customer's VAT ID as verified by hand, for when VIES cannot answer for their member
 * state or does not know a new registration yet. The change and its audit record (with the reason)
 * go into one transaction; the rule is the tax domain's (docs/decisions/033-vat-id-checks.md).
 */
export async function verifyCustomerVatId(deps: CustomersDeps, actor: StaffActor, id: string, input: { vatId: string; reason: string }): Promise<CustomerActionResponse> {
  const row = await loadCustomer(deps, id);
  const vatId = input.vatId.replace(/[\s.-]/g, '').toUpperCase();
  await audited(deps, actor, async (tx) => {
    const { before, after } = await verifyVatIdByHand(tx, deps.clock.now(), row.id, vatId);
    return {
      result: null,
      audit: { action: 'customer.vat_id_verified', targetType: 'customer', targetId: row.id, targetLabel: row.email, before, after, reason: input.reason },
    };
  });
  deps.events.publish(row.id, { topic: 'billing', id: row.id });
  return { ok: true, message: `${vatId} is marked as verified. ${row.email}'s next invoices are under reverse charge where it applies.` };
}
