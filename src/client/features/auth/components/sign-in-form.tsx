import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Field, Input } from '../../../components/ui/field';
import type { ApiError } from '../../../lib/api-client';
import { isLocalPath } from '../../../lib/return-path';
import { setSessionUser } from '../../../lib/session';
import { login } from '../api/login';
import { resendVerification } from '../api/resend-verification';
import { AuthFrame, EmailField, isUnexpected, type AuthMode, type Notice } from './auth-frame';
import { PasswordInput } from './password-input';
import { useT } from '../../../lib/i18n';
import { errorMessage, unexpectedError } from '../../../lib/errors';

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
  const t = useT();

  async function submit() {
    setNotice(null);
    try {
      const result = await login({ email, password, ...(needsCode && code ? { code } : {}) });
      onSignedIn();
      setSessionUser(result.user);
      toast.success(t('auth.signin.welcome'), { description: t('auth.signin.welcomeText') });
      navigate(from ?? '/', { replace: true });
    } catch (error) {
      if (isUnexpected(error)) {
        toast.error(t('errors.title'), { description: unexpectedError() });
        return;
      }
      const e = error as ApiError;
      if (e.code === 'two_factor_required') {
        setNeedsCode(true);
        setNotice({ tone: 'info', text: errorMessage(e) });
        return;
      }
      if (e.code === 'email_not_verified') setUnverifiedEmail(email);
      setNotice({ tone: 'error', text: errorMessage(e) });
      toast.error(t('auth.signin.failed'), { description: errorMessage(e) });
    }
  }

  async function resend() {
    if (!unverifiedEmail) return;
    try {
      await resendVerification(unverifiedEmail, isLocalPath(from) ? from : undefined);
      toast.success(t('auth.checkEmail'), { description: t('auth.resent') });
    } catch (error) {
      toast.error(t('errors.title'), { description: errorMessage(error) });
    }
  }

  return (
    <AuthFrame
      mode="signin"
      onSwitch={onSwitch}
      heading={t('auth.signin.heading')}
      intro={t('auth.signin.intro')}
      message={message}
      notice={notice}
      submitLabel={t('auth.signin.submit')}
      onSubmit={submit}
      extra={
        unverifiedEmail && (
          <Button variant="outline" className="w-full" onClick={() => void resend()}>
            {t('auth.signin.resend')}
          </Button>
        )
      }
      footer={
        <button type="button" className="text-accent hover:underline" onClick={() => onSwitch('forgot')}>
          {t('auth.signin.forgot')}
        </button>
      }
    >
      <EmailField value={email} onChange={onEmail} />
      <Field label={t('auth.password')}>
        {({ id }) => (
          <PasswordInput
            id={id}
            name="password"
            autoComplete="current-password"
            required
            placeholder={t('auth.signin.passwordPlaceholder')}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        )}
      </Field>
      {needsCode && (
        <Field label={t('auth.signin.code')} hint={t('auth.signin.codeHint')}>
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
