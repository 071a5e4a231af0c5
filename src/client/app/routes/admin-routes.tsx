import { Suspense } from 'react';
import { Route, Routes } from 'react-router';
import type { Permission } from '../../../shared/permissions';
import { ButtonLink } from '../../components/ui/button';
import { PageSpinner } from '../../components/ui/page-spinner';
import { lazyPage } from '../../lib/lazy-page';
import { AffiliatePayoutsPage } from '../../features/admin/affiliate-payouts/components/affiliate-payouts-page';
import { AdminLayout } from '../../features/admin/components/admin-layout';
import { RequireStaff } from '../../features/admin/components/require-staff';
import { StaffTicketPage } from '../../features/admin/tickets/components/staff-ticket-page';
import { TasksPage } from '../../features/admin/tasks/components/tasks-page';
import { TicketsQueuePage } from '../../features/admin/tickets/components/tickets-queue-page';
import { useCan } from '../../features/admin/components/use-can';
import { RequireAuth } from '../../features/dashboard/components/require-auth';

const StaffHomePage = lazyPage(() => import('../../features/admin/home/components/staff-home-page'));
const CustomersPage = lazyPage(() => import('../../features/admin/customers/components/customers-page'));
const CustomerPage = lazyPage(() => import('../../features/admin/customers/components/customer-page'));
const OrdersPage = lazyPage(() => import('../../features/admin/orders/components/orders-page'));
const OrderDetailPage = lazyPage(() => import('../../features/admin/orders/components/order-detail-page'));
const InvoicesPage = lazyPage(() => import('../../features/admin/orders/components/invoices-page'));
const ServersPage = lazyPage(() => import('../../features/admin/servers/components/servers-page'));
const ServerDetailPage = lazyPage(() => import('../../features/admin/servers/components/server-detail-page'));
const JobsPage = lazyPage(() => import('../../features/admin/servers/components/jobs-page'));
const StaffPage = lazyPage(() => import('../../features/admin/staff/components/staff-page'));
const AuditPage = lazyPage(() => import('../../features/admin/audit/components/audit-page'));
const CatalogPage = lazyPage(() => import('../../features/admin/catalog/components/catalog-page'));
const CouponsPage = lazyPage(() => import('../../features/admin/coupons/components/coupons-page'));
const StatusAdminPage = lazyPage(() => import('../../features/admin/status/components/status-admin-page'));
const ContentPagesPage = lazyPage(() => import('../../features/admin/content/components/content-pages-page'));
const ContentEditorPage = lazyPage(() => import('../../features/admin/content/components/content-editor-page'));
const AnnouncementsPage = lazyPage(() => import('../../features/admin/announcements/components/announcements-page'));
const NewsAdminPage = lazyPage(() => import('../../features/admin/articles/components/news-admin-page'));
const HelpAdminPage = lazyPage(() => import('../../features/admin/articles/components/help-admin-page'));
const SettingsPage = lazyPage(() => import('../../features/admin/settings/components/settings-page'));
const TranslationsPage = lazyPage(() => import('../../features/admin/translations/components/translations-page'));
const EmailTemplatesPage = lazyPage(() => import('../../features/admin/emails/components/email-templates-page'));

function NotAllowed() {
  return (
    <div className="py-16 text-center">
      <h1 className="text-2xl font-bold">Your role does not include this page</h1>
      <p className="mt-2 text-muted">Ask an admin if you need it.</p>
      <ButtonLink to="/admin" className="mt-6">
        Back to staff home
      </ButtonLink>
    </div>
  );
}

function NotFound() {
  return (
    <div className="py-16 text-center">
      <h1 className="text-2xl font-bold">Oops! Page not found</h1>
      <ButtonLink to="/admin" className="mt-6">
        Back to staff home
      </ButtonLink>
    </div>
  );
}

/** Shows a section only to roles that have its permission (the server refuses the rest anyway). */
function Allowed({ permission, children }: { permission: Permission; children: React.ReactNode }) {
  return useCan(permission) ? <>{children}</> : <NotAllowed />;
}

const sections: { path: string; permission: Permission; element: React.ReactNode }[] = [
  { path: 'customers', permission: 'customers.read', element: <CustomersPage /> },
  { path: 'customers/:id', permission: 'customers.read', element: <CustomerPage /> },
  { path: 'orders', permission: 'money.read', element: <OrdersPage /> },
  { path: 'orders/:id', permission: 'money.read', element: <OrderDetailPage /> },
  { path: 'invoices', permission: 'money.read', element: <InvoicesPage /> },
  { path: 'servers', permission: 'servers.read', element: <ServersPage /> },
  { path: 'servers/:id', permission: 'servers.read', element: <ServerDetailPage /> },
  { path: 'jobs', permission: 'jobs.read', element: <JobsPage /> },
  { path: 'tickets', permission: 'tickets.read', element: <TicketsQueuePage /> },
  { path: 'tickets/:id', permission: 'tickets.read', element: <StaffTicketPage /> },
  { path: 'tasks', permission: 'tasks.read', element: <TasksPage /> },
  { path: 'affiliate', permission: 'affiliate.payouts', element: <AffiliatePayoutsPage /> },
  { path: 'catalog', permission: 'catalog.manage', element: <CatalogPage /> },
  { path: 'coupons', permission: 'coupons.manage', element: <CouponsPage /> },
  { path: 'status', permission: 'status.manage', element: <StatusAdminPage /> },
  { path: 'announcements', permission: 'announcements.manage', element: <AnnouncementsPage /> },
  { path: 'news', permission: 'articles.manage', element: <NewsAdminPage /> },
  { path: 'help', permission: 'articles.manage', element: <HelpAdminPage /> },
  { path: 'content', permission: 'content.manage', element: <ContentPagesPage /> },
  { path: 'content/:slug', permission: 'content.manage', element: <ContentEditorPage /> },
  { path: 'settings', permission: 'settings.manage', element: <SettingsPage /> },
  { path: 'translations', permission: 'translations.manage', element: <TranslationsPage /> },
  { path: 'emails', permission: 'translations.manage', element: <EmailTemplatesPage /> },
  { path: 'staff', permission: 'staff.manage', element: <StaffPage /> },
  { path: 'audit', permission: 'audit.read', element: <AuditPage /> },
];

/** The staff console: signed in, a staff role with two-factor on, and each section by permission. */
export default function AdminRoutes() {
  return (
    <RequireAuth>
      <RequireStaff>
        <AdminLayout>
          <Suspense fallback={<PageSpinner />}>
            <Routes>
              <Route index element={<StaffHomePage />} />
              {sections.map((s) => (
                <Route key={s.path} path={s.path} element={<Allowed permission={s.permission}>{s.element}</Allowed>} />
              ))}
              <Route path="*" element={<NotFound />} />
            </Routes>
          </Suspense>
        </AdminLayout>
      </RequireStaff>
    </RequireAuth>
  );
}
