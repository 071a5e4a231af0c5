import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../../../shared/password-rules';
import { Field } from '../../../components/ui/field';
import type { ApiError } from '../../../lib/api-client';
import { isLocalPath, rememberReturnPath } from '../../../lib/return-path';
import { signup } from '../api/signup';
import { AuthFrame, EmailField, isUnexpected, type AuthMode, type Notice } from './auth-frame';
import { PasswordInput } from './password-input';
import { useT } from '../../../lib/i18n';
import { errorMessage, fieldErrors, fieldText, unexpectedError } from '../../../lib/errors';

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

type SignupField = 'email' | 'password' | 'confirmPassword';
type FieldErrors = Partial<Record<SignupField, string>>;

/**
 * Every field's problem at once (the first one each), in the page's language: the server's rules
 * (schemas/auth.ts) said in its words, checked here without zod, which the sign-in page's script
 * budget has no room for (the server checks again).
 */
function checkSignup(values: Record<SignupField, string>): FieldErrors {
  const errors: FieldErrors = {};
  const email = values.email.trim();
  if (email === '') errors.email = 'Email is required';
  else if (email.length > 254) errors.email = 'Email is too long';
  else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) errors.email = 'Enter a valid email address';
  if (values.password.length < PASSWORD_MIN_LENGTH) errors.password = `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;
  else if (values.password.length > PASSWORD_MAX_LENGTH) errors.password = `Password must be at most ${PASSWORD_MAX_LENGTH} characters`;
  if (values.confirmPassword === '') errors.confirmPassword = 'Please confirm your password';
  else if (values.password !== values.confirmPassword) errors.confirmPassword = 'Passwords do not match. Please try again.';
  for (const field of Object.keys(errors) as SignupField[]) errors[field] = fieldText(errors[field]!);
  return errors;
}

/** Email, password and the password again; a referral code (?ref=) goes with it. */
export function SignUpForm({ email, onEmail, onSwitch, from, message, onSignedUp }: SignUpFormProps) {
  const [params] = useSearchParams();
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [notice, setNotice] = useState<Notice | null>(null);
  const t = useT();

  async function submit() {
    setNotice(null);
    const found = checkSignup({ email, password, confirmPassword });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const ref = params.get('ref') ?? undefined;
      // The verify link carries the page the sign-up started from, for a link opened in another tab or browser.
      const returnTo = isLocalPath(from) ? from : undefined;
      await signup({ email, password, ...(ref ? { ref } : {}), ...(returnTo ? { returnTo } : {}) });
      rememberReturnPath(from);
      toast.success(t('auth.checkEmail'), { description: t('auth.signup.sent') });
      onSignedUp(email);
    } catch (error) {
      if (isUnexpected(error)) {
        toast.error(t('errors.title'), { description: unexpectedError() });
        return;
      }
      const e = error as ApiError;
      const refused = fieldErrors(e);
      setErrors({ email: refused.email, password: refused.password });
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
      noValidate
    >
      <EmailField value={email} onChange={onEmail} error={errors.email} />
      <Field label={t('auth.password')} error={errors.password}>
        {({ id, describedBy }) => (
          <PasswordInput
            id={id}
            name="password"
            autoComplete="new-password"
            required
            aria-invalid={errors.password ? true : undefined}
            aria-describedby={describedBy}
            placeholder={t('auth.signup.passwordPlaceholder')}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        )}
      </Field>
      <Field label={t('auth.signup.confirm')} error={errors.confirmPassword}>
        {({ id, describedBy }) => (
          <PasswordInput
            id={id}
            name="confirmPassword"
            autoComplete="new-password"
            required
            aria-invalid={errors.confirmPassword ? true : undefined}
            aria-describedby={describedBy}
            placeholder={t('auth.signup.confirmPlaceholder')}
            value={confirmPassword}
            onChange={(e) => setConfirmPassword(e.target.value)}
          />
        )}
      </Field>
    </AuthFrame>
  );
}
