import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Field } from '../../../components/ui/field';
import type { ApiError } from '../../../lib/api-client';
import { rememberReturnPath } from '../../../lib/return-path';
import { signup } from '../api/signup';
import { AuthFrame, EmailField, isUnexpected, type AuthMode, type Notice } from './auth-frame';
import { PasswordInput } from './password-input';
import { useT } from '../../../lib/i18n';
import { errorMessage, unexpectedError } from '../../../lib/errors';

interface SignUpFormProps {
  email: string;
  onEmail: (email: string) => void;
  onSwitch: (mode: AuthMode) => void;
  /** Where the visitor was going: signing in after the email is verified goes back there. */
  from?: string;
  message?: string;
  /** The account is created and the confirmation link sent. */
  onSignedUp: (email: string) => void;
}

/** Email, password and the password again; a referral code (?ref=) goes with it. */
export function SignUpForm({ email, onEmail, onSwitch, from, message, onSignedUp }: SignUpFormProps) {
  const [params] = useSearchParams();
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [notice, setNotice] = useState<Notice | null>(null);
  const t = useT();

  async function submit() {
    setNotice(null);
    if (password !== confirmPassword) {
      toast.error(t('auth.signup.mismatch'), { description: t('auth.signup.mismatchText') });
      return;
    }
    try {
      const ref = params.get('ref') ?? undefined;
      await signup({ email, password, ...(ref ? { ref } : {}) });
      rememberReturnPath(from);
      toast.success(t('auth.checkEmail'), { description: t('auth.signup.sent') });
      onSignedUp(email);
    } catch (error) {
      if (isUnexpected(error)) {
        toast.error(t('errors.title'), { description: unexpectedError() });
        return;
      }
      const e = error as ApiError;
      setNotice({ tone: 'error', text: errorMessage(e) });
      toast.error(t('auth.signup.failed'), { description: errorMessage(e) });
    }
  }

  return (
    <AuthFrame
      mode="signup"
      onSwitch={onSwitch}
      heading={t('auth.signup.heading')}
      intro={t('auth.signup.intro')}
      message={message}
      notice={notice}
      submitLabel={t('auth.signup.submit')}
      onSubmit={submit}
    >
      <EmailField value={email} onChange={onEmail} />
      <Field label={t('auth.password')}>
        {({ id }) => (
          <PasswordInput
            id={id}
            name="password"
            autoComplete="new-password"
            required
            placeholder={t('auth.signup.passwordPlaceholder')}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        )}
      </Field>
      <Field label={t('auth.signup.confirm')}>
        {({ id }) => (
          <PasswordInput
            id={id}
            name="confirmPassword"
            autoComplete="new-password"
            required
            placeholder={t('auth.signup.confirmPlaceholder')}
            value={confirmPassword}
            onChange={(e) => setConfirmPassword(e.target.value)}
          />
        )}
      </Field>
    </AuthFrame>
  );
}
