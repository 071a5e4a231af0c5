import { useState } from 'react';
import { toast } from 'sonner';
import { requestPasswordReset } from '../api/request-password-reset';
import { AuthFrame, EmailField, type AuthMode, type Notice } from './auth-frame';
import { useT } from '../../../lib/i18n';
import { errorMessage } from '../../../lib/errors';

interface ForgotPasswordFormProps {
  email: string;
  onEmail: (email: string) => void;
  onSwitch: (mode: AuthMode) => void;
  message?: string;
}

/** Asks for a reset link; says the same whether or not the address has an account. */
export function ForgotPasswordForm({ email, onEmail, onSwitch, message }: ForgotPasswordFormProps) {
  const [notice, setNotice] = useState<Notice | null>(null);
  const t = useT();

  async function submit() {
    setNotice(null);
    try {
      await requestPasswordReset(email);
      setNotice({ tone: 'info', text: t('auth.forgot.sent', { email }) });
    } catch (error) {
      const text = errorMessage(error);
      setNotice({ tone: 'error', text });
      toast.error(t('errors.title'), { description: text });
    }
  }

  return (
    <AuthFrame
      mode="forgot"
      onSwitch={onSwitch}
      heading={t('auth.forgot.heading')}
      intro={t('auth.forgot.intro')}
      message={message}
      notice={notice}
      submitLabel={t('auth.forgot.submit')}
      onSubmit={submit}
      footer={
        <button type="button" className="text-accent hover:underline" onClick={() => onSwitch('signin')}>
          {t('auth.forgot.back')}
        </button>
      }
    >
      <EmailField value={email} onChange={onEmail} />
    </AuthFrame>
  );
}
