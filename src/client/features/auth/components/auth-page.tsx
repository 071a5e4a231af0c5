import { Info, Loader2 } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Field, Input } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-client';
import { rememberReturnPath } from '../../../lib/return-path';
import { setSessionUser, useSession } from '../../../lib/session';
import { login } from '../api/login';
import { requestPasswordReset } from '../api/request-password-reset';
import { resendVerification } from '../api/resend-verification';
import { signup } from '../api/signup';
import { AuthShell } from './auth-shell';
import { PasswordInput } from './password-input';

type Mode = 'signin' | 'signup' | 'forgot';

interface AuthState {
  from?: string;
  message?: string;
  mode?: 'signup' | 'signin';
}

const UNEXPECTED = 'An unexpected error occurred. Please try again.';

function isUnexpected(error: unknown) {
  return !(error instanceof ApiError) || error.status === 0 || error.status >= 500;
}

export default function AuthPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { user } = useSession();
  const navState = (location.state ?? {}) as AuthState;
  const [mode, setMode] = useState<Mode>(
    navState.mode === 'signup' || (location.pathname === '/signup' && navState.mode !== 'signin') ? 'signup' : 'signin',
  );
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [code, setCode] = useState('');
  const [needsCode, setNeedsCode] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'info' | 'error'; text: string } | null>(null);
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  const signedInHere = useRef(false);

  useEffect(() => {
    if (user && !signedInHere.current) navigate(navState.from ?? '/dashboard', { replace: true });
  }, [user, navigate, navState.from]);

  function switchMode(next: Mode) {
    setMode(next);
    setNotice(null);
    setUnverifiedEmail(null);
    setNeedsCode(false);
    setCode('');
    setPassword('');
    setConfirmPassword('');
  }

  async function handleSignIn() {
    try {
      const result = await login({ email, password, ...(needsCode && code ? { code } : {}) });
      signedInHere.current = true;
      setSessionUser(result.user);
      toast.success('Welcome back!', { description: "You've been logged in successfully." });
      navigate(navState.from ?? '/', { replace: true });
    } catch (error) {
      if (isUnexpected(error)) {
        toast.error('Error', { description: UNEXPECTED });
        return;
      }
      const e = error as ApiError;
      if (e.code === 'two_factor_required') {
        setNeedsCode(true);
        setNotice({ tone: 'info', text: e.message });
        return;
      }
      if (e.code === 'email_not_verified') setUnverifiedEmail(email);
      setNotice({ tone: 'error', text: e.message });
      toast.error('Login Failed', { description: e.message });
    }
  }

  async function handleSignUp() {
    if (password !== confirmPassword) {
      toast.error('Password Mismatch', { description: 'Passwords do not match. Please try again.' });
      return;
    }
    try {
      const ref = params.get('ref') ?? undefined;
      await signup({ email, password, ...(ref ? { ref } : {}) });
      rememberReturnPath(navState.from);
      toast.success('Check your email', {
        description: "We've sent you a confirmation link to complete your registration.",
      });
      switchMode('signin');
      setNotice({ tone: 'info', text: `We sent a confirmation link to ${email}. Open it, then sign in here.` });
    } catch (error) {
      if (isUnexpected(error)) {
        toast.error('Error', { description: UNEXPECTED });
        return;
      }
      const e = error as ApiError;
      setNotice({ tone: 'error', text: e.message });
      toast.error('Signup Failed', { description: e.message });
    }
  }

  async function handleForgot() {
    try {
      await requestPasswordReset(email);
      setNotice({
        tone: 'info',
        text: `If an account exists for ${email}, a reset link is on its way. It works once, for one hour.`,
      });
    } catch (error) {
      const message = isUnexpected(error) ? UNEXPECTED : (error as ApiError).message;
      setNotice({ tone: 'error', text: message });
      toast.error('Error', { description: message });
    }
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSubmitting(true);
    setNotice(null);
    try {
      if (mode === 'signin') await handleSignIn();
      else if (mode === 'signup') await handleSignUp();
      else await handleForgot();
    } finally {
      setSubmitting(false);
    }
  }

  async function resend() {
    if (!unverifiedEmail) return;
    try {
      await resendVerification(unverifiedEmail);
      toast.success('Check your email', { description: 'A new confirmation link is on its way.' });
    } catch (error) {
      toast.error('Error', { description: isUnexpected(error) ? UNEXPECTED : (error as ApiError).message });
    }
  }

  const heading = mode === 'signin' ? 'Welcome Back' : mode === 'signup' ? 'Join the Movement' : 'Reset your password';
  const submitLabel = mode === 'signin' ? 'Sign In' : mode === 'signup' ? 'Create Account' : 'Send reset link';
  const message = navState.message;

  return (
    <AuthShell>
      {mode !== 'forgot' && (
        <div role="tablist" aria-label="Sign in or sign up" className="mb-6 grid grid-cols-2 rounded-lg bg-bg p-1">
          {(['signin', 'signup'] as const).map((m) => (
            <button
              key={m}
              type="button"
              role="tab"
              aria-selected={mode === m}
              className={`rounded-md py-2 text-sm font-semibold ${mode === m ? 'bg-surface-2 text-ink' : 'text-muted hover:text-ink'}`}
              onClick={() => switchMode(m)}
            >
              {m === 'signin' ? 'Sign In' : 'Sign Up'}
            </button>
          ))}
        </div>
      )}
      <h1 className="text-2xl font-extrabold">{heading}</h1>
      <p className="mt-1 text-sm text-muted">
        {mode === 'signin'
          ? 'Sign in to manage your servers.'
          : mode === 'signup'
            ? 'Create your account and deploy your first server.'
            : 'Enter your email and we will send you a link to choose a new password.'}
      </p>
      {message && (
        <p role="status" className="mt-4 flex gap-2 rounded-lg border border-violet/40 bg-violet/10 p-3 text-sm">
          <Info className="mt-0.5 h-4 w-4 shrink-0 text-violet" aria-hidden="true" />
          {message}
        </p>
      )}
      <form className="mt-6 space-y-4" onSubmit={(e) => void onSubmit(e)} noValidate={false}>
        <Field label="Email">
          {({ id }) => (
            <Input
              id={id}
              type="email"
              name="email"
              autoComplete="email"
              required
              placeholder="you@example.com"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          )}
        </Field>
        {mode !== 'forgot' && (
          <Field label="Password">
            {({ id }) => (
              <PasswordInput
                id={id}
                name="password"
                autoComplete={mode === 'signup' ? 'new-password' : 'current-password'}
                required
                placeholder={mode === 'signup' ? 'Create a strong password' : 'Your password'}
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
            )}
          </Field>
        )}
        {mode === 'signup' && (
          <Field label="Confirm password">
            {({ id }) => (
              <PasswordInput
                id={id}
                name="confirmPassword"
                autoComplete="new-password"
                required
                placeholder="Type it again"
                value={confirmPassword}
                onChange={(e) => setConfirmPassword(e.target.value)}
              />
            )}
          </Field>
        )}
        {mode === 'signin' && needsCode && (
          <Field label="Authentication code" hint="The 6-digit code from your app, or one of your recovery codes.">
            {({ id, describedBy }) => (
              <Input
                id={id}
                name="code"
                aria-describedby={describedBy}
                autoComplete="one-time-code"
                inputMode="text"
                required
                autoFocus
                value={code}
                onChange={(e) => setCode(e.target.value)}
              />
            )}
          </Field>
        )}
        {notice && (
          <p
            role={notice.tone === 'error' ? 'alert' : 'status'}
            className={`rounded-lg border p-3 text-sm ${notice.tone === 'error' ? 'border-danger/40 bg-danger/10 text-ink' : 'border-accent/40 bg-accent/10'}`}
          >
            {notice.text}
          </p>
        )}
        {unverifiedEmail && (
          <Button variant="outline" className="w-full" onClick={() => void resend()}>
            Resend verification email
          </Button>
        )}
        <Button type="submit" size="lg" className="w-full" disabled={submitting}>
          {submitting && <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />}
          {submitLabel}
        </Button>
      </form>
      <div className="mt-5 text-center text-sm">
        {mode === 'signin' && (
          <button type="button" className="text-accent hover:underline" onClick={() => switchMode('forgot')}>
            Forgot your password?
          </button>
        )}
        {mode === 'forgot' && (
          <button type="button" className="text-accent hover:underline" onClick={() => switchMode('signin')}>
            Back to sign in
          </button>
        )}
      </div>
    </AuthShell>
  );
}
