import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSession } from '../../../lib/session';
import type { AuthMode, Notice } from './auth-frame';
import { ForgotPasswordForm } from './forgot-password-form';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';
import { useT } from '../../../lib/i18n';
import { splitLocalePath } from '../../../../shared/i18n/locales';

interface AuthState {
  from?: string;
  message?: string;
  mode?: 'signup' | 'signin';
}

/**
 * /auth, /login and /signup (and their /de/… forms): one form at a time (sign in, sign up, or asking for a reset link),
 * keeping the email typed when switching. A visitor already signed in goes on to where they were going.
 */
export default function AuthPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const { user } = useSession();
  const navState = (location.state ?? {}) as AuthState;
  const [mode, setMode] = useState<AuthMode>(
    navState.mode === 'signup' || (splitLocalePath(location.pathname).path === '/signup' && navState.mode !== 'signin') ? 'signup' : 'signin',
  );
  const [email, setEmail] = useState('');
  // What the next form opens with: after signing up, the sign-in form says where the link went.
  const [arrival, setArrival] = useState<Notice | null>(null);
  // Each switch, even to the tab already open, starts the form afresh.
  const [visit, setVisit] = useState(0);
  const signedInHere = useRef(false);
  const t = useT();

  useEffect(() => {
    if (user && !signedInHere.current) navigate(navState.from ?? '/dashboard', { replace: true });
  }, [user, navigate, navState.from]);

  function switchMode(next: AuthMode, notice: Notice | null = null) {
    setMode(next);
    setArrival(notice);
    setVisit((n) => n + 1);
  }

  const common = { email, onEmail: setEmail, onSwitch: switchMode, message: navState.message };
  if (mode === 'signup') {
    return (
      <SignUpForm
        key={visit}
        {...common}
        from={navState.from}
        onSignedUp={(address) =>
          switchMode('signin', { tone: 'info', text: t('auth.signup.arrival', { email: address }) })
        }
      />
    );
  }
  if (mode === 'forgot') return <ForgotPasswordForm key={visit} {...common} />;
  return (
    <SignInForm
      key={visit}
      {...common}
      from={navState.from}
      initialNotice={arrival}
      onSignedIn={() => {
        signedInHere.current = true;
      }}
    />
  );
}
