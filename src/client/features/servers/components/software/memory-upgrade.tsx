import { useState } from 'react';
import { formatIn } from '../../../../lib/money';
import { Button } from '../../../../components/ui/button';
import { refusalMessage } from '../../../../lib/field-message';
import { useT } from '../../../../lib/i18n';
import { usePlanChangeOptions } from '../../api/get-plan-change';
import { usePlanChangeQuote } from '../../api/quote-plan-change';
import { useRequestPlanChange } from '../../api/request-plan-change';

/**
 * The plan upgrade a software needs, offered inside the switch: its prorated price (the plan-change
 * quote, add-ons kept) and one button that pays it with credit or the saved card, or opens the
 * checkout when there is neither.
 */
export function MemoryUpgrade({ serverId, plan }: { serverId: string; plan: { id: string; name: string; ramGb: number } }) {
  const t = useT();
  const [asked, setAsked] = useState(false);
  const options = usePlanChangeOptions(serverId, asked);
  const addons = options.data?.current.addons;
  const quote = usePlanChangeQuote(serverId, asked && addons ? { plan: plan.id, addons } : null);
  const request = useRequestPlanChange(serverId);
  const open = options.data?.open;

  if (!asked) {
    return (
      <Button size="sm" variant="outline" onClick={() => setAsked(true)}>
        {t('software.upgrade.button', { plan: plan.name, ram: plan.ramGb })}
      </Button>
    );
  }
  if (request.data && !request.data.checkout_url) {
    return (
      <p role="status" className="text-sm font-semibold">
        {t('software.upgrade.paid', { plan: plan.name, ram: plan.ramGb })}
      </p>
    );
  }
  if (open) {
    return (
      <p role="status" className="text-sm">
        {t('software.upgrade.underWay', { plan: open.toPlanName })}
      </p>
    );
  }
  const error = options.error ?? quote.error ?? request.error;
  const q = quote.data;
  return (
    <div className="space-y-2 rounded-lg border border-line p-3 text-sm">
      {error ? (
        <p role="alert" className="text-danger">
          {refusalMessage(error)}
        </p>
      ) : !q ? (
        <p role="status" className="text-muted">
          {t('software.upgrade.pricing', { plan: plan.name })}
        </p>
      ) : (
        <>
          <p>
            {t('software.upgrade.costs', { plan: plan.name, amount: formatIn(q.tax.grossCents, q.currency), renewal: formatIn(q.renewalCents, q.currency) })}
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
            {request.isPending ? t('software.upgrade.upgrading') : t('software.upgrade.pay', { amount: formatIn(q.tax.grossCents, q.currency) })}
          </Button>
        </>
      )}
    </div>
  );
}
