import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { useSession } from '../../../lib/session';

function messageFor(pathname: string): string {
  if (pathname === '/dashboard/shared/accept') {
    return 'Sign in to accept the invitation to a shared server. New here? Choose Sign Up and create your account with the email address the invitation was sent to.';
  }
  return 'Please sign in to open your dashboard.';
}

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
        state={{ from: `${location.pathname}${location.search}`, message: messageFor(location.pathname) }}
      />
    );
  }
  return <>{children}</>;
}
