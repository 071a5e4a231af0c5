import { Check, Loader2, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { couponRefusals, type CouponTerms } from '../../shared/coupons';
import { formatMoney } from '../../shared/money';
import type { CouponCheckResponse } from '../../shared/schemas/coupons';
import { errorMessage, messageForCode } from '../lib/errors';
import { currentLocale, useT, type Translate } from '../lib/i18n';
import { currentShopCurrency } from '../lib/money';
import { Button } from './ui/button';
import { Input } from './ui/field';

export interface AppliedCoupon {
  terms: CouponTerms;
  /** "20% off once". */
  summary: string;
}

/** The coupon's amount in the page's language: "20% off", "20 % Rabatt", "5,00 € de remise". */
export function couponAmountText(t: Translate, terms: Pick<CouponTerms, 'kind' | 'amount'>, currency = currentShopCurrency()): string {
  return terms.kind === 'percent'
    ? t('coupon.percentOff', { percent: terms.amount })
    : t('coupon.amountOff', { amount: formatMoney(terms.amount, currency, currentLocale()) });
}

/** "20% off once", in the page's language. */
export function couponSummary(t: Translate, terms: CouponTerms): string {
  const duration =
    terms.duration === 'once' ? t('coupon.once') : terms.duration === 'forever' ? t('coupon.forever') : t('coupon.forPeriods', { count: terms.durationPeriods ?? 1 });
  return t('coupon.summary', { amount: couponAmountText(t, terms), duration });
}

const refusalCodes: Record<string, string> = {
  [couponRefusals.unknown]: 'coupon_unknown',
  [couponRefusals.disabled]: 'coupon_disabled',
  [couponRefusals.expired]: 'coupon_expired',
  [couponRefusals.usedUp]: 'coupon_used_up',
  [couponRefusals.notForPlan]: 'coupon_not_for_plan',
  [couponRefusals.notForPack]: 'coupon_not_for_pack',
  [couponRefusals.alreadyUsed]: 'coupon_already_used',
  [couponRefusals.firstOrderOnly]: 'coupon_first_order_only',
};

/** A refusal the shared pricing found (in English, as the server words it), in the page's language. */
function couponProblemText(problem: string): string {
  const code = refusalCodes[problem];
  return code ? messageForCode(code, problem) : problem;
}

/**
 * The coupon box: a code and Apply; the server checks it for the current choice and answers the
 * terms or why it is refused. Once applied it shows the code with Remove. `problem` is a refusal
 * the caller found later (the customer picked a plan the coupon is not for).
 */
export function CouponField({
  check,
  applied,
  onApplied,
  problem,
  initialCode = '',
}: {
  check: (code: string) => Promise<CouponCheckResponse>;
  applied: AppliedCoupon | null;
  onApplied: (coupon: AppliedCoupon | null) => void;
  problem?: string | null;
  /** A code to apply at once (from the link back from the checkout). */
  initialCode?: string;
}) {
  const t = useT();
  const id = useId();
  const [code, setCode] = useState(initialCode);
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const tried = useRef(false);

  async function apply(value: string) {
    const typed = value.trim();
    if (!typed) {
      setError(t('coupon.enterCode'));
      return;
    }
    setChecking(true);
    setError(null);
    try {
      const answer = await check(typed);
      if (answer.ok) {
        onApplied({ terms: answer.coupon, summary: answer.summary });
        setCode('');
      } else {
        setError(messageForCode(answer.code, answer.message));
      }
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setChecking(false);
    }
  }

  useEffect(() => {
    if (tried.current || !initialCode || applied) return;
    tried.current = true;
    void apply(initialCode);
    // Once, on mount, for the code the page was opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function submit(event: FormEvent) {
    event.preventDefault();
    void apply(code);
  }

  const shown = (problem ? couponProblemText(problem) : null) ?? error;
  if (applied) {
    return (
      <div className="space-y-1.5" data-testid="coupon-applied">
        <div className="flex items-center justify-between gap-3 rounded-lg border border-accent/40 bg-accent/10 px-3 py-2 text-sm">
          <p>
            <Check className="mr-1 inline h-4 w-4 text-accent" aria-hidden="true" />
            <span className="font-mono font-semibold">{applied.terms.code}</span> <span className="text-muted">· {couponSummary(t, applied.terms)}</span>
          </p>
          <button
            type="button"
            className="rounded-md p-1 text-muted hover:bg-surface-2 hover:text-ink"
            aria-label={t('coupon.remove', { code: applied.terms.code })}
            onClick={() => onApplied(null)}
          >
            <X className="h-4 w-4" aria-hidden="true" />
          </button>
        </div>
        {shown && (
          <p role="alert" className="text-xs text-danger">
            {shown}
          </p>
        )}
      </div>
    );
  }
  return (
    <form className="space-y-1.5" onSubmit={submit} noValidate>
      <label htmlFor={id} className="block text-sm font-medium">
        {t('coupon.label')}
      </label>
      <div className="flex gap-2">
        <Input
          id={id}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          aria-invalid={Boolean(shown)}
          aria-describedby={shown ? `${id}-error` : undefined}
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
        <Button type="submit" variant="outline" disabled={checking}>
          {checking ? <Loader2 className="h-4 w-4 animate-spin" aria-label={t('coupon.checking')} /> : t('coupon.apply')}
        </Button>
      </div>
      {shown && (
        <p id={`${id}-error`} role="alert" className="text-xs text-danger">
          {shown}
        </p>
      )}
    </form>
  );
}
