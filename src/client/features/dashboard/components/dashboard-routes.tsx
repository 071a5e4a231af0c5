import { Route, Routes } from 'react-router';
import { DashboardLayout } from './dashboard-layout';
import { OverviewPage } from './overview-page';
import { RequireAuth } from './require-auth';

export default function DashboardRoutes() {
  return (
    <RequireAuth>
      <DashboardLayout>
        <Routes>
          <Route index element={<OverviewPage />} />
          <Route path="*" element={<OverviewPage />} />
        </Routes>
      </DashboardLayout>
    </RequireAuth>
  );
}
