import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { useSession } from '../../../lib/session';

/** Shows a loading state while the session is checked, then sends a signed-out visitor to /auth. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, isError, signedOut } = useSession();
  const location = useLocation();
  if (user === undefined && !isError) return <PageSpinner label="Loading user data..." />;
  // Signing out navigates away by itself; redirecting to /auth here would race it.
  if (!user && signedOut) return null;
  if (!user) {
    return (
      <Navigate
        to="/auth"
        replace
        state={{ from: `${location.pathname}${location.search}`, message: 'Please sign in to open your dashboard.' }}
      />
    );
  }
  return <>{children}</>;
}
