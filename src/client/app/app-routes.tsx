import { Suspense, useEffect } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { PageSpinner } from '../components/ui/page-spinner';
import { PublicLayout } from './layouts/public-layout';
import { locales } from '../../shared/i18n/locales';
import { metaFor, notFoundRoute, routes, type RouteDef } from './route-table';

/** A prerendered page answers under each language's prefix too (`/de/deploy`); the others only bare. */
function routePaths(route: RouteDef): string[] {
  if (route.prerender === false) return [route.path];
  return [route.path, ...locales.map((l) => (route.path === '/' ? `/${l}` : `/${l}${route.path}`))];
}

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

/** `notFoundAt`: an address the server answered with its 404 page (app/mount-app.tsx), shown as such. */
export function AppRoutes({ notFoundAt }: { notFoundAt?: string } = {}) {
  const publicRoutes = routes.filter((r) => r.layout === 'public');
  const bareRoutes = routes.filter((r) => r.layout !== 'public');
  const NotFound = notFoundRoute.page;
  return (
    <>
      <DocumentMeta />
      <Suspense fallback={<PageSpinner />}>
        <Routes>
          <Route element={<PublicLayout />}>
            {notFoundAt && <Route path={notFoundAt} element={<NotFound />} />}
            {publicRoutes.flatMap((r) => routePaths(r).map((path) => <Route key={path} path={path} element={<r.page />} />))}
            <Route path="*" element={<NotFound />} />
          </Route>
          {bareRoutes.flatMap((r) => routePaths(r).map((path) => <Route key={path} path={path} element={<r.page />} />))}
        </Routes>
      </Suspense>
    </>
  );
}
