import { countryName } from '../../../../shared/countries';
import type { DocumentCustomer, DocumentSeller } from '../../../../shared/schemas/billing';
import { formatDate } from './format';
import { useLocale, useT, type Translate } from '../../../lib/i18n';
import { isWellFormedVatId } from '../../../../shared/vat-ids';

function Lines({ text }: { text: string }) {
  return text
    .split('\n')
    .filter((line) => line.trim())
    .map((line, i) => (
      <p key={`${line}-${i}`} className="text-sm text-muted">
        {line}
      </p>
    ));
}

/** The proof behind reverse charge (docs/decisions/033-vat-id-checks.md): VIES's consultation number, or a check by hand. */
function vatCheckLine(t: Translate, check: NonNullable<DocumentCustomer['vatCheck']>): string {
  const date = formatDate(check.checkedAt);
  if (check.by === 'staff') return t('doc.verifiedByHand', { date });
  return check.consultation ? t('doc.verifiedViesNumber', { date, number: check.consultation }) : t('doc.verifiedVies', { date });
}

/** The seller and the buyer of an invoice or credit note, as they were when it was issued. */
export function DocumentParties({ seller, customer, buyerHeading }: { seller: DocumentSeller; customer: DocumentCustomer; buyerHeading: string }) {
  const t = useT();
  const locale = useLocale();
  const place = [customer.postalCode, customer.region].filter(Boolean).join(' ');
  return (
    <div className="grid gap-6 sm:grid-cols-2">
      <div data-testid="document-seller">
        <h2 className="text-xs font-semibold uppercase tracking-wide text-muted">{t('doc.from')}</h2>
        <p className="mt-2 font-semibold">{seller.name}</p>
        <Lines text={seller.address} />
        {seller.country && <p className="text-sm text-muted">{countryName(seller.country, locale)}</p>}
        {/* An EU VAT ID is named so (a German invoice needs "USt-IdNr.", not "Steuernummer"). */}
        {seller.taxId && <p className="text-sm text-muted">{t(isWellFormedVatId(seller.taxId) ? 'doc.vatId' : 'doc.taxId', { id: seller.taxId })}</p>}
        <p className="break-all text-sm text-muted">{seller.email}</p>
        <p className="break-all text-sm text-muted">{seller.url}</p>
      </div>
      <div data-testid="document-buyer">
        <h2 className="text-xs font-semibold uppercase tracking-wide text-muted">{buyerHeading}</h2>
        <p className="mt-2 font-semibold">{customer.name}</p>
        <Lines text={customer.address} />
        {place && <p className="text-sm text-muted">{place}</p>}
        {customer.country && <p className="text-sm text-muted">{countryName(customer.country, locale)}</p>}
        {customer.vatId && (
          <p className="text-sm text-muted">
            {t('doc.vatId', { id: customer.vatId })}
            {customer.vatIdStatus === 'verified' ? '' : ` ${t('doc.notVerified')}`}
          </p>
        )}
        {customer.vatId && customer.vatIdStatus === 'verified' && customer.vatCheck && (
          <p className="text-sm text-muted" data-testid="vat-check">
            {vatCheckLine(t, customer.vatCheck)}
          </p>
        )}
        {customer.name !== customer.email && <p className="break-all text-sm text-muted">{customer.email}</p>}
      </div>
    </div>
  );
}
