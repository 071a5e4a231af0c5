import { useMemo, useState } from 'react';
import { toast } from 'sonner';
import { formatIn } from '../../../../lib/money';
import type { PlanChangeOptions, PlanChangeView } from '../../../../../shared/schemas/plan-changes';
import { Button } from '../../../../components/ui/button';
import { ApiError } from '../../../../lib/api-client';
import { popupBlocked, toastRedirecting } from '../../../../lib/checkout';
import { useT } from '../../../../lib/i18n';
import { usePlanChangeQuote } from '../../api/quote-plan-change';
import { useRequestPlanChange } from '../../api/request-plan-change';
import { formatDay, paymentRoutes, planChangeErrorText, type PaymentRoute } from '../../plan-change-rules';
import { PlanPicker } from './plan-picker';
import { QuoteSummary } from './quote-summary';

/** Add-ons as the server compares them: zero quantities dropped, keys sorted. */
function normalised(addons: Record<string, number>): Record<string, number> {
  return Object.fromEntries(
    Object.entries(addons)
      .filter(([, n]) => n > 0)
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}

/** The choice, the server's quote for it, and the button that makes the change. */
export function PlanChooser({
  serverId,
  serverName,
  options,
  onStarted,
}: {
  serverId: string;
  serverName: string;
  options: PlanChangeOptions;
  onStarted: (change: PlanChangeView) => void;
}) {
  const t = useT();
  const { current } = options;
  const [plan, setPlan] = useState(current.planId);
  const [addons, setAddons] = useState<Record<string, number>>(current.addons);
  const [preferred, setPreferred] = useState<PaymentRoute | null>(null);
  const [error, setError] = useState<string | null>(null);
  const request = useRequestPlanChange(serverId);

  const choice = useMemo(() => {
    const chosen = normalised(addons);
    const same = plan === current.planId && JSON.stringify(chosen) === JSON.stringify(normalised(current.addons));
    return same ? null : { plan, addons: chosen };
  }, [plan, addons, current]);
  const quote = usePlanChangeQuote(serverId, choice);
  // A quote for an earlier choice is kept on screen while the new one loads, but never confirmed.
  const q = choice && quote.data && !quote.isPlaceholderData ? quote.data : null;
  const stale = choice !== null && quote.isPlaceholderData;
  const routes = q ? paymentRoutes(q) : [];
  const route = preferred && routes.includes(preferred) ? preferred : (routes[0] ?? 'free');

  function choose(next: () => void) {
    setError(null);
    next();
  }

  function confirm() {
    if (!q || !choice) return;
    setError(null);
    const checkout = q.kind === 'upgrade' && route === 'checkout';
    // Opened inside the click, so popup blockers allow it; pointed at the checkout once it exists.
    const tab = checkout ? window.open('about:blank', '_blank') : null;
    if (checkout && !tab) {
      setError(popupBlocked());
      return;
    }
    // Awaited here rather than through mutate()'s callbacks, which React Query drops once this view
    // unmounts: the refetch that shows the change under way can replace it before the answer is handled.
    request
      .mutateAsync({ ...choice, pay: checkout ? 'checkout' : 'saved', catalogVersion: q.catalogVersion })
      .then((result) => {
        if (result.checkout_url) {
          if (tab) tab.location.href = result.checkout_url;
          else window.location.assign(result.checkout_url);
          toastRedirecting({ provider_name: result.provider_name ?? undefined });
        } else {
          tab?.close();
        }
        if (result.change.kind === 'downgrade') {
          toast.success(t('plan.scheduledToast'), {
            description: t('plan.scheduledToastText', { server: serverName, plan: result.change.toPlanName, date: formatDay(result.change.effectiveAt) }),
          });
        }
        onStarted(result.change);
      })
      .catch((e: unknown) => {
        tab?.close();
        setError(planChangeErrorText(e));
        if (e instanceof ApiError && e.code === 'card_declined' && routes.includes('checkout')) setPreferred('checkout');
        if (e instanceof ApiError && e.code === 'quote_outdated') void quote.refetch();
      });
  }

  let action = t('plan.action.choose');
  if (q?.kind === 'downgrade') action = t('plan.action.schedule');
  else if (q && route === 'checkout') action = t('plan.action.checkout', { amount: formatIn(q.tax.grossCents, q.currency) });
  else if (q && route === 'free') action = t('plan.action.free');
  else if (q) action = t('plan.action.pay', { amount: formatIn(q.tax.grossCents, q.currency) });

  const lastFailed = options.last && (options.last.status === 'refunded' || options.last.status === 'failed') ? options.last : null;

  return (
    <div className="space-y-5">
      {lastFailed && (
        <p role="note" className="rounded-lg border border-warn/40 bg-warn/10 p-3 text-sm">
          {t('plan.lastFailed', { plan: lastFailed.toPlanName })}
          {lastFailed.reason ? ` ${lastFailed.reason}` : ''}
          {lastFailed.status === 'refunded' && ` ${t('plan.lastRefunded')}`}
        </p>
      )}
      <PlanPicker
        options={options}
        plan={plan}
        addons={addons}
        onPlan={(p) => choose(() => setPlan(p))}
        onAddon={(key, n) => choose(() => setAddons((a) => ({ ...a, [key]: n })))}
      />

      <div aria-live="polite" aria-busy={quote.isFetching}>
        {!choice && <p className="text-sm text-muted">{t('plan.current')}</p>}
        {choice && quote.isError && (
          <p role="alert" className="rounded-lg border border-danger/40 bg-danger/10 p-3 text-sm">
            {planChangeErrorText(quote.error)}
          </p>
        )}
        {choice && !quote.isError && !quote.data && <p className="text-sm text-muted">{t('plan.pricing')}</p>}
        {choice && !quote.isError && quote.data && (
          <div className={stale ? 'opacity-60' : undefined}>
            <QuoteSummary quote={quote.data} months={options.period.months} route={route} routes={q ? routes : paymentRoutes(quote.data)} onRoute={(r) => choose(() => setPreferred(r))} />
          </div>
        )}
      </div>

      {error && (
        <p role="alert" className="rounded-lg border border-danger/40 bg-danger/10 p-3 text-sm">
          {error}
        </p>
      )}

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button onClick={confirm} disabled={!q || request.isPending} className="w-full sm:w-auto">
          {request.isPending ? t('plan.working') : action}
        </Button>
      </div>
    </div>
  );
}
