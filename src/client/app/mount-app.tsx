import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot, type ErrorInfo, type Root } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './app-routes';
import { AppProviders } from './providers';
import { holdStoresForHydration } from '../lib/store';
import { findRoute, notFoundRoute } from './route-table';

/** Query parameters no page reads while it renders (a referral code, campaign tags). */
const UNREAD_PARAMS = /^(ref|utm_[a-z]+|gclid|fbclid)$/;

/**
 * Whether the prerendered markup in the container is what this URL renders: the prerender saw the
 * bare path, with no query and no navigation state. A page opened with a query it reads (a shared
 * configuration, a verification token) or with state (a reload after navigating with some) starts
 * from that instead, so its first render differs from the markup. So does the 404 page, built
 * once at /404 and served for every unknown path, which it prints.
 */
export function matchesPrerender(container: Element, location: Pick<Location, 'pathname' | 'search'>, historyState: unknown): boolean {
  if (!container.firstElementChild) return false;
  if (findRoute(location.pathname).route === notFoundRoute || isNotFoundMarkup(container)) return false;
  if ([...new URLSearchParams(location.search).keys()].some((key) => !UNREAD_PARAMS.test(key))) return false;
  return (historyState as { usr?: unknown } | null)?.usr == null;
}

const isNotFoundMarkup = (container: Element) => container.querySelector('[data-page="not-found"]') !== null;

/**
 * The address the server answered with its 404 page although a route would take it (a help article
 * or news post that is not there, or no longer): the app shows the 404 there too, instead of the
 * route's page, which would not match the markup and would ask the API for what is not there.
 * Only a plain path, which a route pattern reads literally.
 */
export function servedNotFoundAt(container: Element, pathname: string): string | undefined {
  if (!isNotFoundMarkup(container) || findRoute(pathname).route === notFoundRoute) return undefined;
  return /^[A-Za-z0-9/_.-]+$/.test(pathname) ? pathname : undefined;
}

/**
 * React recovers from a markup it cannot hydrate by rendering that part again on the client, and
 * by default reports it through `reportError` only. Logged as a console error, a mismatch fails
 * the client tests and the browser journeys.
 */
function logRecoverableError(error: unknown, info: ErrorInfo) {
  console.error('Recoverable React error (hydration mismatch?):', error, info.componentStack ?? '');
}

function App({ notFoundAt }: { notFoundAt?: string }) {
  return (
    <StrictMode>
      <AppProviders>
        <BrowserRouter>
          <AppRoutes notFoundAt={notFoundAt} />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>
  );
}

/**
 * Hydrates the prerendered page where it matches (decision 038), so React attaches to the elements
 * already on screen; renders into an empty container (the app shell) or over markup that differs.
 * The current route's chunk must be loaded first: a route still loading would suspend and show
 * its fallback instead of the prerendered page.
 */
export function mountApp(container: Element): { root: Root; hydrated: boolean } {
  if (matchesPrerender(container, window.location, window.history.state)) {
    holdStoresForHydration();
    // In a transition, hydration yields to the browser every few milliseconds instead of running
    // as one long task; the page is on screen already, and an early click hydrates its part first.
    let root: Root | undefined;
    startTransition(() => {
      root = hydrateRoot(container, <App />, { onRecoverableError: logRecoverableError });
    });
    return { root: root!, hydrated: true };
  }
  const notFoundAt = servedNotFoundAt(container, window.location.pathname);
  const root = createRoot(container, { onRecoverableError: logRecoverableError });
  root.render(<App notFoundAt={notFoundAt} />);
  return { root, hydrated: false };
}
