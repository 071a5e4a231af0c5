import { BadgeCheck, CircleAlert, Clock } from 'lucide-react';
import { countryName } from '../../../shared/countries';
import type { Locale } from '../../../shared/i18n/locales';
import type { BillingDetails } from '../../../shared/schemas/tax';
import { vatIdCountry } from '../../../shared/vat-ids';
import { useLocale, useT, type Translate } from '../../lib/i18n';

type VatIdState = Pick<BillingDetails, 'vatId' | 'vatIdStatus' | 'vatCheck' | 'vatCheckError'>;

/** "Jan 15, 2030" ("15. Jan. 2030") in the reader's language and time zone. */
function day(iso: string, locale: Locale): string {
  return new Date(iso).toLocaleDateString(locale, { month: 'short', day: 'numeric', year: 'numeric' });
}

/** Errors VIES gives when one member state's register is down or busy, rather than VIES itself. */
const memberStateErrors = new Set(['MS_UNAVAILABLE', 'MS_MAX_CONCURRENT_REQ', 'MS_MAX_CONCURRENT_REQ_TIME']);

/** What the customer reads about their saved VAT ID (docs/decisions/033-vat-id-checks.md), in the page's language. */
export function vatIdStatusCopy(state: VatIdState, t: Translate, locale: Locale): { title: string; detail: string } | null {
  if (!state.vatId || !state.vatIdStatus) return null;
  if (state.vatIdStatus === 'verified') {
    const when = state.vatCheck ? day(state.vatCheck.checkedAt, locale) : 'none';
    return {
      title: t(state.vatCheck?.by === 'staff' ? 'billing.vat.verifiedStaff' : 'billing.vat.verifiedVies', { when }),
      detail: t('billing.vat.verifiedDetail'),
    };
  }
  if (state.vatIdStatus === 'invalid') return { title: t('billing.vat.invalidTitle'), detail: t('billing.vat.invalidDetail') };
  const country = vatIdCountry(state.vatId);
  const error = state.vatCheckError;
  const why =
    error === 'VIES_NOT_CONFIGURED'
      ? t('billing.vat.byTeam')
      : error && memberStateErrors.has(error) && country
        ? t('billing.vat.memberStateDown', { country: countryName(country, locale) })
        : error
          ? t('billing.vat.viesDown')
          : t('billing.vat.asking');
  return { title: t('billing.vat.checkingTitle'), detail: t('billing.vat.untilVerified', { why }) };
}

/** The state of the saved VAT ID, under its field in the billing details. */
export function VatIdStatus({ state }: { state: VatIdState }) {
  const t = useT();
  const locale = useLocale();
  const copy = vatIdStatusCopy(state, t, locale);
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
