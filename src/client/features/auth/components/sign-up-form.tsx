import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Field } from '../../../components/ui/field';
import type { ApiError } from '../../../lib/api-client';
import { rememberReturnPath } from '../../../lib/return-path';
import { signup } from '../api/signup';
import { AuthFrame, EmailField, isUnexpected, UNEXPECTED, type AuthMode, type Notice } from './auth-frame';
import { PasswordInput } from './password-input';

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

  async function submit() {
    setNotice(null);
    if (password !== confirmPassword) {
      toast.error('Password Mismatch', { description: 'Passwords do not match. Please try again.' });
      return;
    }
    try {
      const ref = params.get('ref') ?? undefined;
      await signup({ email, password, ...(ref ? { ref } : {}) });
      rememberReturnPath(from);
      toast.success('Check your email', {
        description: "We've sent you a confirmation link to complete your registration.",
      });
      onSignedUp(email);
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

  return (
    <AuthFrame
      mode="signup"
      onSwitch={onSwitch}
      heading="Join the Movement"
      intro="Create your account and deploy your first server."
      message={message}
      notice={notice}
      submitLabel="Create Account"
      onSubmit={submit}
    >
      <EmailField value={email} onChange={onEmail} />
      <Field label="Password">
        {({ id }) => (
          <PasswordInput
            id={id}
            name="password"
            autoComplete="new-password"
            required
            placeholder="Create a strong password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        )}
      </Field>
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
    </AuthFrame>
  );
}
