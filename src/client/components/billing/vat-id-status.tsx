import { BadgeCheck, CircleAlert, Clock } from 'lucide-react';
import { countryName } from '../../../shared/countries';
import type { BillingDetails } from '../../../shared/schemas/tax';
import { vatIdCountry } from '../../../shared/vat-ids';

type VatIdState = Pick<BillingDetails, 'vatId' | 'vatIdStatus' | 'vatCheck' | 'vatCheckError'>;

/** "Jan 15, 2030" in the reader's time zone. */
function day(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}

/** Errors VIES gives when one member state's register is down or busy, rather than VIES itself. */
const memberStateErrors = new Set(['MS_UNAVAILABLE', 'MS_MAX_CONCURRENT_REQ', 'MS_MAX_CONCURRENT_REQ_TIME']);

/** What the customer reads about their saved VAT ID (docs/decisions/033-vat-id-checks.md). */
export function vatIdStatusCopy(state: VatIdState): { title: string; detail: string } | null {
  if (!state.vatId || !state.vatIdStatus) return null;
  if (state.vatIdStatus === 'verified') {
    const when = state.vatCheck ? ` on ${day(state.vatCheck.checkedAt)}` : '';
    return {
      title: state.vatCheck?.by === 'staff' ? `Verified by our team${when}` : `Verified with the EU's VIES service${when}`,
      detail: 'If your business is in another EU country than ours, your invoices carry no VAT (reverse charge).',
    };
  }
  if (state.vatIdStatus === 'invalid') {
    return {
      title: 'Not valid: VIES says this VAT ID is not registered',
      detail: "VAT is charged on your orders and renewals. Check the number and save it again, or contact support if you're sure it's right.",
    };
  }
  const country = vatIdCountry(state.vatId);
  const error = state.vatCheckError;
  const why =
    error === 'VIES_NOT_CONFIGURED'
      ? 'It cannot be checked automatically here, so our team will verify it.'
      : error && memberStateErrors.has(error) && country
        ? `${countryName(country)}'s VAT register isn't answering the EU's VIES service right now. We'll keep trying.`
        : error
          ? "The EU's VIES service isn't answering right now. We'll keep trying."
          : "We're asking the EU's VIES service.";
  return { title: 'Checking your VAT ID', detail: `${why} Until it's verified, VAT is charged on your orders and renewals.` };
}

/** The state of the saved VAT ID, under its field in the billing details. */
export function VatIdStatus({ state }: { state: VatIdState }) {
  const copy = vatIdStatusCopy(state);
  if (!copy) return null;
  const Icon = state.vatIdStatus === 'verified' ? BadgeCheck : state.vatIdStatus === 'invalid' ? CircleAlert : Clock;
  const tone = state.vatIdStatus === 'verified' ? 'text-accent' : state.vatIdStatus === 'invalid' ? 'text-danger' : 'text-muted';
  return (
    <div role="status" data-testid="vat-id-status" className="flex gap-2 text-sm">
      <Icon className={`mt-0.5 h-4 w-4 shrink-0 ${tone}`} aria-hidden="true" />
      <p>
        <span className="font-medium">{copy.title}.</span> <span className="text-muted">{copy.detail}</span>
      </p>
    </div>
  );
}
