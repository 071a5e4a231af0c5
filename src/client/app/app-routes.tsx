import { Suspense, useEffect } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { PageSpinner } from '../components/ui/page-spinner';
import { PublicLayout } from './layouts/public-layout';
import { metaFor, notFoundRoute, routes } from './route-table';

function DocumentMeta() {
  const { pathname } = useLocation();
  useEffect(() => {
    const meta = metaFor(pathname);
    document.title = meta.title;
    document.querySelector('meta[name="description"]')?.setAttribute('content', meta.description);
  }, [pathname]);
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

export function AppRoutes() {
  const publicRoutes = routes.filter((r) => r.layout === 'public');
  const bareRoutes = routes.filter((r) => r.layout !== 'public');
  const NotFound = notFoundRoute.page;
  return (
    <>
      <DocumentMeta />
      <Suspense fallback={<PageSpinner />}>
        <Routes>
          <Route element={<PublicLayout />}>
            {publicRoutes.map((r) => (
              <Route key={r.path} path={r.path} element={<r.page />} />
            ))}
            <Route path="*" element={<NotFound />} />
          </Route>
          {bareRoutes.map((r) => (
            <Route key={r.path} path={r.path} element={<r.page />} />
          ))}
        </Routes>
      </Suspense>
    </>
  );
}
