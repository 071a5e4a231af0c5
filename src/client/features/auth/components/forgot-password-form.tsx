import { useState } from 'react';
import { toast } from 'sonner';
import type { ApiError } from '../../../lib/api-client';
import { requestPasswordReset } from '../api/request-password-reset';
import { AuthFrame, EmailField, isUnexpected, UNEXPECTED, type AuthMode, type Notice } from './auth-frame';

interface ForgotPasswordFormProps {
  email: string;
  onEmail: (email: string) => void;
  onSwitch: (mode: AuthMode) => void;
  message?: string;
}

/** Asks for a reset link; says the same whether or not the address has an account. */
export function ForgotPasswordForm({ email, onEmail, onSwitch, message }: ForgotPasswordFormProps) {
  const [notice, setNotice] = useState<Notice | null>(null);

  async function submit() {
    setNotice(null);
    try {
      await requestPasswordReset(email);
      setNotice({
        tone: 'info',
        text: `If an account exists for ${email}, a reset link is on its way. It works once, for one hour.`,
      });
    } catch (error) {
      const text = isUnexpected(error) ? UNEXPECTED : (error as ApiError).message;
      setNotice({ tone: 'error', text });
      toast.error('Error', { description: text });
    }
  }

  return (
    <AuthFrame
      mode="forgot"
      onSwitch={onSwitch}
      heading="Reset your password"
      intro="Enter your email and we will send you a link to choose a new password."
      message={message}
      notice={notice}
      submitLabel="Send reset link"
      onSubmit={submit}
      footer={
        <button type="button" className="text-accent hover:underline" onClick={() => onSwitch('signin')}>
          Back to sign in
        </button>
      }
    >
      <EmailField value={email} onChange={onEmail} />
    </AuthFrame>
  );
}
