import { Check, Loader2, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { CouponTerms } from '../../shared/coupons';
import type { CouponCheckResponse } from '../../shared/schemas/coupons';
import { errorMessage } from '../lib/errors';
import { Button } from './ui/button';
import { Input } from './ui/field';

export interface AppliedCoupon {
  terms: CouponTerms;
  /** "20% off once". */
  summary: string;
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
  const id = useId();
  const [code, setCode] = useState(initialCode);
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const tried = useRef(false);

  async function apply(value: string) {
    const typed = value.trim();
    if (!typed) {
      setError('Enter a coupon code');
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
        setError(answer.message);
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

  const shown = problem ?? error;
  if (applied) {
    return (
      <div className="space-y-1.5" data-testid="coupon-applied">
        <div className="flex items-center justify-between gap-3 rounded-lg border border-accent/40 bg-accent/10 px-3 py-2 text-sm">
          <p>
            <Check className="mr-1 inline h-4 w-4 text-accent" aria-hidden="true" />
            <span className="font-mono font-semibold">{applied.terms.code}</span> <span className="text-muted">· {applied.summary}</span>
          </p>
          <button
            type="button"
            className="rounded-md p-1 text-muted hover:bg-surface-2 hover:text-ink"
            aria-label={`Remove coupon ${applied.terms.code}`}
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
        Coupon code
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
          {checking ? <Loader2 className="h-4 w-4 animate-spin" aria-label="Checking" /> : 'Apply'}
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
