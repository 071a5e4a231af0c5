import { Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { PageSpinner } from '../../components/ui/page-spinner';
import { lazyPage } from '../../lib/lazy-page';
import { DashboardLayout } from '../../features/dashboard/components/dashboard-layout';
import { OverviewPage } from '../../features/dashboard/components/overview-page';
import { RequireAuth } from '../../features/dashboard/components/require-auth';
import { ButtonLink } from '../../components/ui/button';
import { useT } from '../../lib/i18n';

function DashboardNotFound() {
  const t = useT();
  return (
    <div className="py-16 text-center">
      <h1 className="text-2xl font-bold">{t('notFound.title')}</h1>
      <ButtonLink to="/dashboard" className="mt-6">
        {t('notFound.back')}
      </ButtonLink>
    </div>
  );
}

const SettingsPage = lazyPage(() => import('../../features/account/components/settings-page'));
const SupportPage = lazyPage(() => import('../../features/support/components/support-page'));
const TicketPage = lazyPage(() => import('../../features/support/components/ticket-page'));
const OrderPage = lazyPage(() => import('../../features/dashboard/components/order-page'));
const BillingPage = lazyPage(() => import('../../features/billing/components/billing-page'));
const InvoicePage = lazyPage(() => import('../../features/billing/components/invoice-page'));
const CreditNotePage = lazyPage(() => import('../../features/billing/components/credit-note-page'));
const AffiliatePage = lazyPage(() => import('../../features/affiliate/components/affiliate-dashboard-page'));
const ServicesPage = lazyPage(() => import('../../features/servers/components/services-page'));
const FilesPage = lazyPage(() => import('../../features/servers/components/files/files-page'));
const AcceptInvitationPage = lazyPage(() => import('../../features/servers/components/sharing/accept-invitation-page'));

/** The customer area: every page needs a session, and shares the sidebar layout. */
export default function DashboardRoutes() {
  return (
    <RequireAuth>
      <DashboardLayout>
        <Suspense fallback={<PageSpinner />}>
          <Routes>
            <Route index element={<OverviewPage />} />
            <Route path="settings" element={<SettingsPage />} />
            <Route path="support" element={<SupportPage />} />
            <Route path="support/:id" element={<TicketPage />} />
            <Route path="order" element={<OrderPage />} />
            <Route path="billing" element={<BillingPage />} />
            <Route path="billing/invoices/:id" element={<InvoicePage />} />
            <Route path="billing/credit-notes/:id" element={<CreditNotePage />} />
            <Route path="affiliate" element={<AffiliatePage />} />
            <Route path="services" element={<ServicesPage />} />
            <Route path="servers/:id/files" element={<FilesPage />} />
            <Route path="shared/accept" element={<AcceptInvitationPage />} />
            <Route path="*" element={<DashboardNotFound />} />
          </Routes>
        </Suspense>
      </DashboardLayout>
    </RequireAuth>
  );
}
