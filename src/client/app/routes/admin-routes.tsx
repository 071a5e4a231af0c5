import { Navigate, Route, Routes } from 'react-router';
import { AffiliatePayoutsPage } from '../../features/admin/components/affiliate-payouts-page';
import { AdminLayout } from '../../features/admin/components/admin-layout';
import { RequireStaff } from '../../features/admin/components/require-staff';
import { StaffTicketPage } from '../../features/admin/components/staff-ticket-page';
import { TicketsQueuePage } from '../../features/admin/components/tickets-queue-page';
import { RequireAuth } from '../../features/dashboard/components/require-auth';

/** The staff console: signed in, and support or admin role; others get a 403 page. */
export default function AdminRoutes() {
  return (
    <RequireAuth>
      <RequireStaff>
        <AdminLayout>
          <Routes>
            <Route index element={<Navigate to="tickets" replace />} />
            <Route path="tickets" element={<TicketsQueuePage />} />
            <Route path="tickets/:id" element={<StaffTicketPage />} />
            <Route path="affiliate" element={<AffiliatePayoutsPage />} />
            <Route path="*" element={<Navigate to="tickets" replace />} />
          </Routes>
        </AdminLayout>
      </RequireStaff>
    </RequireAuth>
  );
}
