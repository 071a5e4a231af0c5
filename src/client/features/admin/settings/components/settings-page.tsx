import { PageSpinner } from '../../../../components/ui/page-spinner';
import { useSettings } from '../api/get-settings';
import { AlertsCard } from './alerts-card';
import { BrandCard } from './brand-card';
import { BusinessRulesCard } from './business-rules-card';
import { LanguageCard } from './language-card';
import { CurrencyCard } from './currency-card';
import { SellerCard } from './seller-card';
import { TaxRatesCard } from './tax-rates-card';

/** /admin/settings: the seller on invoices, whether prices include tax, and tax rates. Admins; every change audited. */
export default function SettingsPage() {
  const { data, isError } = useSettings();
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-extrabold sm:text-3xl">Settings</h1>
        <p className="mt-1 text-muted">What invoices say about you, the taxes customers pay, and where staff alerts go. Every change is in the audit log.</p>
      </div>
      {isError && <p className="text-danger">We could not load the settings. Please refresh the page.</p>}
      {!data && !isError && <PageSpinner label="Loading settings..." />}
      {data && (
        <>
          <SellerCard key={data.store.updatedAt ?? 'new'} store={data.store} />
          <BrandCard />
          <CurrencyCard />
          <TaxRatesCard rates={data.rates} />
          <BusinessRulesCard />
          <LanguageCard />
          <AlertsCard />
        </>
      )}
    </div>
  );
}
