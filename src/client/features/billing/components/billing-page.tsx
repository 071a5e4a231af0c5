import { useSearchParams } from 'react-router';
import { Tabs } from '../../../components/ui/tabs';
import { BillingHistoryTab } from './billing-history-tab';
import { BillingOverviewTab } from './billing-overview';
import { PaymentMethodsTab } from './payment-methods-tab';

const tabValues = ['overview', 'payment-methods', 'history'];

/** /dashboard/billing: tabs Overview, Payment Methods and Billing History; the tab is kept in ?tab=. */
export default function BillingPage() {
  const [params, setParams] = useSearchParams();
  const tab = tabValues.includes(params.get('tab') ?? '') ? params.get('tab')! : 'overview';

  return (
    <div>
      <div className="mb-6">
        <h1 className="text-2xl font-extrabold sm:text-3xl">Billing</h1>
        <p className="mt-1 text-muted">Your balance, saved cards, payments and invoices.</p>
      </div>
      <Tabs
        label="Billing sections"
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
          { value: 'overview', label: 'Overview', content: <BillingOverviewTab /> },
          { value: 'payment-methods', label: 'Payment Methods', content: <PaymentMethodsTab /> },
          { value: 'history', label: 'Billing History', content: <BillingHistoryTab /> },
        ]}
      />
    </div>
  );
}
