import { Check, Loader2, TriangleAlert } from 'lucide-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { UpgradePack } from '../../shared/catalog';
import { currentCatalogCurrency, formatCatalogPrice } from '../lib/money';
import { pricePack } from '../../shared/pricing';
import { couponAmountText, CouponField, type AppliedCoupon } from './coupon-field';
import { usePublicPath, useT } from '../lib/i18n';
import { checkCoupon } from '../lib/check-coupon';
import { Button } from './ui/button';
import { Dialog } from './ui/dialog';
import { ApiError } from '../lib/api-client';
import { needsBillingDetails, openCheckout, toastRedirecting } from '../lib/checkout';
import { useSession } from '../lib/session';
import { useTaxTerms } from '../lib/tax-terms';
import { TaxRows } from './billing/tax-rows';

// Asked for once, at the first checkout: loaded only then.
const BillingDetailsStep = lazy(() => import('./billing/billing-details-step').then((m) => ({ default: m.BillingDetailsStep })));

export function PurchaseDialog({
  pack,
  open,
  onOpenChange,
}: {
  pack: UpgradePack;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { user } = useSession();
  const t = useT();
  const publicPath = usePublicPath();
  const navigate = useNavigate();
  const location = useLocation();
  const [creating, setCreating] = useState(false);
  const [askDetails, setAskDetails] = useState(false);
  const [coupon, setCoupon] = useState<AppliedCoupon | null>(null);
  const terms = useTaxTerms(user === undefined ? undefined : (user?.id ?? ''));
  const treatment = terms?.treatment ?? undefined;
  // Priced by the shared function with the coupon the server accepted and the customer's tax
  // lines: what the checkout charges.
  const quote = useMemo(
    () =>
      coupon || treatment?.lines.length
        ? pricePack({ currency: currentCatalogCurrency(), games: [], plans: [], addons: [], periods: [], locations: [], packs: [pack] }, pack.id, coupon?.terms, treatment)
        : null,
    [coupon, pack, treatment],
  );
  const price = quote ? formatCatalogPrice(quote.tax.grossCents) : t('summary.perMonth', { price: formatCatalogPrice(pack.priceCents) });
  const shown = pack.features.slice(0, 4);
  const more = pack.features.length - shown.length;

  /** Opens the payment tab; `before` saves the billing details the first checkout asks for. */
  async function checkout(before?: () => Promise<void>) {
    setCreating(true);
    try {
      const response = await openCheckout({ kind: 'pack', pack: pack.id, coupon: quote?.coupon?.code }, { before });
      toastRedirecting(response);
      setAskDetails(false);
      onOpenChange(false);
    } catch (error) {
      // The billing form shows its own refusals on its fields.
      if (before && error instanceof ApiError) throw error;
      if (needsBillingDetails(error)) {
        setAskDetails(true);
        return;
      }
      console.warn('Upgrade checkout failed', error);
      setAskDetails(false);
      toast.error(t('configure.checkoutError'), {
        description: error instanceof Error ? error.message : t('checkout.failed'),
      });
    } finally {
      setCreating(false);
    }
  }

  function purchase() {
    if (!user) {
      onOpenChange(false);
      navigate(publicPath('/signup'), {
        state: { from: location.pathname, message: t('pack.signUpFirst') },
      });
      return;
    }
    if (terms && !terms.hasBillingDetails) {
      setAskDetails(true);
      return;
    }
    void checkout();
  }

  if (askDetails && user) {
    return (
      <Dialog open={open} onOpenChange={onOpenChange} title={t('billing.dialogTitle')} description={`${pack.name} · ${price}`}>
        <Suspense fallback={<p className="text-sm text-muted">{t('pack.loading')}</p>}>
          <BillingDetailsStep userId={user.id} regions={terms?.regions ?? {}} onPay={(save) => checkout(save)} onCancel={() => setAskDetails(false)} />
        </Suspense>
      </Dialog>
    );
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('pack.dialogTitle')} description={`${pack.name} · ${price}`}>
      <div className="space-y-5">
        <div className="rounded-xl border border-line bg-bg p-4">
          <div className="flex items-baseline justify-between gap-4">
            <p className="font-semibold">{pack.name}</p>
            <p className="text-xl font-extrabold">{price}</p>
          </div>
          <ul className="mt-3 space-y-2 text-sm">
            {shown.map((f) => (
              <li key={f} className="flex gap-2">
                <Check className="mt-0.5 h-4 w-4 shrink-0 text-accent" aria-hidden="true" />
                {f}
              </li>
            ))}
          </ul>
          {more > 0 && <p className="mt-2 text-sm text-muted">{t('pack.moreFeatures', { count: more })}</p>}
          {quote && (
            <dl className="mt-3 space-y-1 border-t border-line pt-3 text-sm">
              <div className="flex justify-between gap-4">
                <dt className="text-muted">{t('pack.oneMonth', { pack: pack.name })}</dt>
                <dd>{formatCatalogPrice(quote.subtotalCents)}</dd>
              </div>
              {quote.coupon && (
                <div className="flex justify-between gap-4 text-accent" data-testid="coupon-line">
                  <dt>{t('summary.coupon', { code: quote.coupon.code, label: coupon ? couponAmountText(t, coupon.terms) : quote.coupon.label })}</dt>
                  <dd>−{formatCatalogPrice(quote.coupon.discountCents)}</dd>
                </div>
              )}
              <TaxRows tax={quote.tax} />
              <div className="flex justify-between gap-4 font-semibold">
                <dt>{t('pack.dueToday')}</dt>
                <dd>{formatCatalogPrice(quote.tax.grossCents)}</dd>
              </div>
            </dl>
          )}
        </div>
        {user && (
          <CouponField applied={coupon} onApplied={setCoupon} check={(code) => checkCoupon({ kind: 'pack', pack: pack.id, code })} />
        )}
        {user === null && (
          <div role="note" className="flex gap-3 rounded-xl border border-warn/40 bg-warn/10 p-3 text-sm">
            <TriangleAlert className="mt-0.5 h-5 w-5 shrink-0 text-warn" aria-hidden="true" />
            <p>
              <span className="font-semibold text-warn">{t('pack.accountRequired')}</span> {t('pack.accountRequiredText')}
            </p>
          </div>
        )}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t('billing.cancel')}
          </Button>
          <Button onClick={purchase} disabled={creating || user === undefined || (user !== null && terms === undefined)}>
            {creating ? (
              <>
                <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
                {t('summary.creating')}
              </>
            ) : user === null ? (
              t('pack.signUpToPurchase')
            ) : (
              t('pack.purchaseFor', { price })
            )}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
