import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Field, Input } from '../../../components/ui/field';
import type { ApiError } from '../../../lib/api-client';
import { setSessionUser } from '../../../lib/session';
import { login } from '../api/login';
import { resendVerification } from '../api/resend-verification';
import { AuthFrame, EmailField, isUnexpected, UNEXPECTED, type AuthMode, type Notice } from './auth-frame';
import { PasswordInput } from './password-input';

interface SignInFormProps {
  email: string;
  onEmail: (email: string) => void;
  onSwitch: (mode: AuthMode) => void;
  /** Where to go once signed in. */
  from?: string;
  message?: string;
  /** What the form opens with (after signing up: "We sent a confirmation link"). */
  initialNotice?: Notice | null;
  /** Called just before the session is set, so the page does not also redirect. */
  onSignedIn: () => void;
}

/** Email and password, then the two-factor code when the account asks for one. */
export function SignInForm({ email, onEmail, onSwitch, from, message, initialNotice = null, onSignedIn }: SignInFormProps) {
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [needsCode, setNeedsCode] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(initialNotice);
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);

  async function submit() {
    setNotice(null);
    try {
      const result = await login({ email, password, ...(needsCode && code ? { code } : {}) });
      onSignedIn();
      setSessionUser(result.user);
      toast.success('Welcome back!', { description: "You've been logged in successfully." });
      navigate(from ?? '/', { replace: true });
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

  async function resend() {
    if (!unverifiedEmail) return;
    try {
      await resendVerification(unverifiedEmail);
      toast.success('Check your email', { description: 'A new confirmation link is on its way.' });
    } catch (error) {
      toast.error('Error', { description: isUnexpected(error) ? UNEXPECTED : (error as ApiError).message });
    }
  }

  return (
    <AuthFrame
      mode="signin"
      onSwitch={onSwitch}
      heading="Welcome Back"
      intro="Sign in to manage your servers."
      message={message}
      notice={notice}
      submitLabel="Sign In"
      onSubmit={submit}
      extra={
        unverifiedEmail && (
          <Button variant="outline" className="w-full" onClick={() => void resend()}>
            Resend verification email
          </Button>
        )
      }
      footer={
        <button type="button" className="text-accent hover:underline" onClick={() => onSwitch('forgot')}>
          Forgot your password?
        </button>
      }
    >
      <EmailField value={email} onChange={onEmail} />
      <Field label="Password">
        {({ id }) => (
          <PasswordInput
            id={id}
            name="password"
            autoComplete="current-password"
            required
            placeholder="Your password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        )}
      </Field>
      {needsCode && (
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
    </AuthFrame>
  );
}
