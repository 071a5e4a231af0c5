import { KeyRound, ShieldAlert, ShieldCheck } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isStaffRole } from '../../../../shared/permissions';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { api } from '../../../lib/api-client';
import { setSessionUser, useSession } from '../../../lib/session';

function Gate({ icon, eyebrow, title, body, action }: { icon: ReactNode; eyebrow: string; title: string; body: string; action: ReactNode }) {
  return (
    <main id="main" className="mx-auto flex min-h-screen max-w-lg items-center px-4">
      <Card className="w-full text-center">
        {icon}
        <p className="mt-4 text-sm font-semibold uppercase tracking-widest text-danger">{eyebrow}</p>
        <h1 className="mt-1 text-2xl font-extrabold">{title}</h1>
        <p className="mt-2 text-muted">{body}</p>
        {action}
      </Card>
    </main>
  );
}

/** Ends this session and opens the sign-in form, which comes back here once the code is given. */
function SignInAgainButton() {
  const navigate = useNavigate();
  const location = useLocation();
  const [busy, setBusy] = useState(false);
  async function signInAgain() {
    setBusy(true);
    try {
      await api('/auth/logout', { method: 'POST', body: { scope: 'local' } });
    } catch {
      // Signing in again replaces the session anyway.
    }
    setSessionUser(null);
    navigate('/auth', { state: { mode: 'signin', from: `${location.pathname}${location.search}` } });
  }
  return (
    <Button className="mt-6" onClick={() => void signInAgain()} disabled={busy}>
      Sign out and sign in again
    </Button>
  );
}

/**
 * The staff console is for the support, billing and admin roles, and only with two-factor on:
 * a staff account without it is sent to set it up first, and a session that signed in without
 * the code (two-factor was turned on elsewhere later) is asked to sign in again with it. The
 * server enforces all three.
 */
export function RequireStaff({ children }: { children: ReactNode }) {
  const { user } = useSession();
  if (!user || !isStaffRole(user.role)) {
    return (
      <Gate
        icon={<ShieldAlert className="mx-auto h-10 w-10 text-danger" aria-hidden="true" />}
        eyebrow="Error 403"
        title="Staff only"
        body="You do not have access to this page. It is for the support team."
        action={
          <ButtonLink to="/dashboard" className="mt-6">
            Go to your dashboard
          </ButtonLink>
        }
      />
    );
  }
  if (!user.twoFactorEnabled) {
    return (
      <Gate
        icon={<ShieldCheck className="mx-auto h-10 w-10 text-accent" aria-hidden="true" />}
        eyebrow="One more step"
        title="Turn on two-factor authentication"
        body="Staff accounts can change money, access and customers' servers, so the console opens only once two-factor authentication is on for your account."
        action={
          <ButtonLink to="/dashboard/settings?tab=security&next=/admin" className="mt-6">
            Set up two-factor
          </ButtonLink>
        }
      />
    );
  }
  if (user.secondFactorPresented === false) {
    return (
      <Gate
        icon={<KeyRound className="mx-auto h-10 w-10 text-accent" aria-hidden="true" />}
        eyebrow="One more step"
        title="Sign in again with your code"
        body="Two-factor authentication is on for your account, but this session was signed in without your code. Sign out, then sign in again with the code from your authenticator app to open the staff console."
        action={<SignInAgainButton />}
      />
    );
  }
  return <>{children}</>;
}
