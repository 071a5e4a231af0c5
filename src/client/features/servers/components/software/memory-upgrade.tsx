import { useState } from 'react';
import { formatPrice } from '../../../../lib/money';
import { Button } from '../../../../components/ui/button';
import { errorMessage } from '../../../../lib/errors';
import { usePlanChangeOptions } from '../../api/get-plan-change';
import { usePlanChangeQuote } from '../../api/quote-plan-change';
import { useRequestPlanChange } from '../../api/request-plan-change';

/**
 * The plan upgrade a software needs, offered inside the switch: its prorated price (the plan-change
 * quote, add-ons kept) and one button that pays it with credit or the saved card, or opens the
 * checkout when there is neither.
 */
export function MemoryUpgrade({ serverId, plan }: { serverId: string; plan: { id: string; name: string; ramGb: number } }) {
  const [asked, setAsked] = useState(false);
  const options = usePlanChangeOptions(serverId, asked);
  const addons = options.data?.current.addons;
  const quote = usePlanChangeQuote(serverId, asked && addons ? { plan: plan.id, addons } : null);
  const request = useRequestPlanChange(serverId);
  const open = options.data?.open;

  if (!asked) {
    return (
      <Button size="sm" variant="outline" onClick={() => setAsked(true)}>
        Upgrade to {plan.name} ({plan.ramGb} GB)
      </Button>
    );
  }
  if (request.data && !request.data.checkout_url) {
    return (
      <p role="status" className="text-sm font-semibold">
        Upgrade to {plan.name} paid. The server gets {plan.ramGb} GB in a moment; you can switch now.
      </p>
    );
  }
  if (open) {
    return (
      <p role="status" className="text-sm">
        A plan change to {open.toPlanName} is already under way. Once it is done, the software gets the memory it needs.
      </p>
    );
  }
  const error = options.error ?? quote.error ?? request.error;
  const q = quote.data;
  return (
    <div className="space-y-2 rounded-lg border border-line p-3 text-sm">
      {error ? (
        <p role="alert" className="text-danger">
          {errorMessage(error)}
        </p>
      ) : !q ? (
        <p role="status" className="text-muted">
          Pricing the upgrade to {plan.name}...
        </p>
      ) : (
        <>
          <p>
            {plan.name} costs <strong>{formatPrice(q.tax.grossCents)}</strong> now for the rest of this period, then {formatPrice(q.renewalCents)} each renewal.
          </p>
          <Button
            size="sm"
            disabled={request.isPending}
            onClick={() =>
              request.mutate(
                { plan: plan.id, addons: addons ?? {}, pay: 'saved', catalogVersion: q.catalogVersion },
                {
                  onSuccess: (result) => {
                    if (result.checkout_url) window.location.assign(result.checkout_url);
                  },
                },
              )
            }
          >
            {request.isPending ? 'Upgrading...' : `Upgrade and pay ${formatPrice(q.tax.grossCents)}`}
          </Button>
        </>
      )}
    </div>
  );
}
