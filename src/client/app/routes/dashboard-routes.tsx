import { Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { PageSpinner } from '../../components/ui/page-spinner';
import { lazyPage } from '../../lib/lazy-page';
import { DashboardLayout } from '../../features/dashboard/components/dashboard-layout';
import { OverviewPage } from '../../features/dashboard/components/overview-page';
import { RequireAuth } from '../../features/dashboard/components/require-auth';

const SettingsPage = lazyPage(() => import('../../features/account/components/settings-page'));
const SupportPage = lazyPage(() => import('../../features/support/components/support-page'));
const TicketPage = lazyPage(() => import('../../features/support/components/ticket-page'));

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
            <Route path="*" element={<OverviewPage />} />
          </Routes>
        </Suspense>
      </DashboardLayout>
    </RequireAuth>
  );
}
