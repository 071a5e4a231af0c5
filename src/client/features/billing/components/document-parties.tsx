import { countryName } from '../../../../shared/countries';
import type { DocumentCustomer, DocumentSeller } from '../../../../shared/schemas/billing';

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

/** The seller and the buyer of an invoice or credit note, as they were when it was issued. */
export function DocumentParties({ seller, customer, buyerHeading }: { seller: DocumentSeller; customer: DocumentCustomer; buyerHeading: string }) {
  const place = [customer.postalCode, customer.region].filter(Boolean).join(' ');
  return (
    <div className="grid gap-6 sm:grid-cols-2">
      <div data-testid="document-seller">
        <h2 className="text-xs font-semibold uppercase tracking-wide text-muted">From</h2>
        <p className="mt-2 font-semibold">{seller.name}</p>
        <Lines text={seller.address} />
        {seller.country && <p className="text-sm text-muted">{countryName(seller.country)}</p>}
        {seller.taxId && <p className="text-sm text-muted">Tax ID: {seller.taxId}</p>}
        <p className="break-all text-sm text-muted">{seller.email}</p>
        <p className="break-all text-sm text-muted">{seller.url}</p>
      </div>
      <div data-testid="document-buyer">
        <h2 className="text-xs font-semibold uppercase tracking-wide text-muted">{buyerHeading}</h2>
        <p className="mt-2 font-semibold">{customer.name}</p>
        <Lines text={customer.address} />
        {place && <p className="text-sm text-muted">{place}</p>}
        {customer.country && <p className="text-sm text-muted">{countryName(customer.country)}</p>}
        {customer.vatId && (
          <p className="text-sm text-muted">
            VAT ID: {customer.vatId}
            {customer.vatIdStatus === 'unverified' ? ' (not verified)' : ''}
          </p>
        )}
        {customer.name !== customer.email && <p className="break-all text-sm text-muted">{customer.email}</p>}
      </div>
    </div>
  );
}
