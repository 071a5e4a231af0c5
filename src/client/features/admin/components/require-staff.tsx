import { ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { useSession } from '../../../lib/session';

export const staffRoles = ['admin', 'support'];

/** The staff console is for the support and admin roles; anyone else signed in sees a 403 page. */
export function RequireStaff({ children }: { children: ReactNode }) {
  const { user } = useSession();
  if (user && staffRoles.includes(user.role ?? '')) return <>{children}</>;
  return (
    <main id="main" className="mx-auto flex min-h-screen max-w-lg items-center px-4">
      <Card className="w-full text-center">
        <ShieldAlert className="mx-auto h-10 w-10 text-danger" aria-hidden="true" />
        <p className="mt-4 text-sm font-semibold uppercase tracking-widest text-danger">Error 403</p>
        <h1 className="mt-1 text-2xl font-extrabold">Staff only</h1>
        <p className="mt-2 text-muted">You do not have access to this page. It is for the support team.</p>
        <ButtonLink to="/dashboard" className="mt-6">
          Go to your dashboard
        </ButtonLink>
      </Card>
    </main>
  );
}
