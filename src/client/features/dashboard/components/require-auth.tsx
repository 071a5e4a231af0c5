import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { translate, useT } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';

function messageFor(pathname: string): string {
  if (pathname === '/dashboard/shared/accept') {
    return translate('gate.acceptInvite');
  }
  return translate('gate.signInFirst');
}

/** Shows a loading state while the session is checked, then sends a signed-out visitor to /auth. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const t = useT();
  const { user, isError, signedOut } = useSession();
  const location = useLocation();
  if (user === undefined && !isError) return <PageSpinner label={t('dashboard.loadingUser')} />;
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
