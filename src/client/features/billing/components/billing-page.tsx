import { useSearchParams } from 'react-router';
import { Tabs } from '../../../components/ui/tabs';
import { useT } from '../../../lib/i18n';
import { BillingHistoryTab } from './billing-history-tab';
import { BillingOverviewTab } from './billing-overview';
import { PaymentMethodsTab } from './payment-methods-tab';

const tabValues = ['overview', 'payment-methods', 'history'];

/** /dashboard/billing: tabs Overview, Payment Methods and Billing History; the tab is kept in ?tab=. */
export default function BillingPage() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const tab = tabValues.includes(params.get('tab') ?? '') ? params.get('tab')! : 'overview';

  return (
    <div>
      <div className="mb-6">
        <h1 className="text-2xl font-extrabold sm:text-3xl">{t('billing.title')}</h1>
        <p className="mt-1 text-muted">{t('billing.intro')}</p>
      </div>
      <Tabs
        label={t('billing.sections')}
        value={tab}
        onValueChange={(value) =>
          setParams(
            (current) => {
              const next = new URLSearchParams(current);
              if (value === 'overview') next.delete('tab');
              else next.set('tab', value);
              return next;
            },
            { replace: true },
          )
        }
        tabs={[
          { value: 'overview', label: t('billing.tab.overview'), content: <BillingOverviewTab /> },
          { value: 'payment-methods', label: t('billing.tab.methods'), content: <PaymentMethodsTab /> },
          { value: 'history', label: t('billing.tab.history'), content: <BillingHistoryTab /> },
        ]}
      />
    </div>
  );
}
