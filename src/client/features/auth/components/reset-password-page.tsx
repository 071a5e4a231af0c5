import { CheckCircle2, Loader2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Field, Input } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-client';
import { fieldText, messageForCode } from '../../../lib/errors';
import { useT } from '../../../lib/i18n';
import { confirmPasswordReset } from '../api/confirm-password-reset';
import { AuthShell } from './auth-shell';
import { PasswordInput } from './password-input';

export default function ResetPasswordPage() {
  const t = useT();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  // Asked for once the server says the account has two-factor on.
  const [needsCode, setNeedsCode] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (password !== confirm) {
      toast.error(t('auth.reset.mismatchTitle'), { description: t('auth.reset.mismatch') });
      return;
    }
    setSubmitting(true);
    try {
      await confirmPasswordReset(token, password, needsCode ? code.trim() : undefined);
      setDone(true);
      toast.success(t('auth.reset.changedToast'), { description: t('auth.reset.changedHint') });
    } catch (e) {
      if (e instanceof ApiError && e.code === 'two_factor_required') {
        setNeedsCode(true);
        setError(messageForCode(e.code, e.message));
        return;
      }
      const message =
        e instanceof ApiError && e.status > 0 && e.status < 500
          ? (e.fields?.password ? fieldText(e.fields.password) : messageForCode(e.code, e.message))
          : t('auth.verify.unexpected');
      setError(message);
      toast.error(t('auth.reset.errorTitle'), { description: message });
    } finally {
      setSubmitting(false);
    }
  }

  if (done) {
    return (
      <AuthShell>
        <div className="text-center">
          <CheckCircle2 className="mx-auto h-12 w-12 text-accent" aria-hidden="true" />
          <h1 className="mt-4 text-2xl font-bold">{t('auth.reset.doneTitle')}</h1>
          <p className="mt-2 text-sm text-muted">{t('auth.reset.doneText')}</p>
          <ButtonLink to="/auth" state={{ mode: 'signin' }} className="mt-6">
            {t('auth.signin.submit')}
          </ButtonLink>
        </div>
      </AuthShell>
    );
  }
  return (
    <AuthShell>
      <h1 className="text-2xl font-extrabold">{t('auth.reset.title')}</h1>
      <p className="mt-1 text-sm text-muted">{t('auth.reset.lead')}</p>
      <form className="mt-6 space-y-4" onSubmit={(e) => void onSubmit(e)}>
        <Field label={t('auth.reset.newPassword')}>
          {({ id }) => (
            <PasswordInput id={id} autoComplete="new-password" required minLength={8} value={password} onChange={(e) => setPassword(e.target.value)} />
          )}
        </Field>
        <Field label={t('auth.reset.confirm')}>
          {({ id }) => (
            <PasswordInput id={id} autoComplete="new-password" required value={confirm} onChange={(e) => setConfirm(e.target.value)} />
          )}
        </Field>
        {needsCode && (
          <Field label={t('auth.reset.code')} hint={t('auth.reset.codeHint')}>
            {({ id, describedBy }) => (
              <Input id={id} aria-describedby={describedBy} autoComplete="one-time-code" required value={code} onChange={(e) => setCode(e.target.value)} />
            )}
          </Field>
        )}
        {!token && <p role="alert" className="text-sm text-danger">{t('auth.reset.missingCode')}</p>}
        {error && (
          <p role="alert" className="rounded-lg border border-danger/40 bg-danger/10 p-3 text-sm">
            {error}
          </p>
        )}
        <Button type="submit" size="lg" className="w-full" disabled={submitting || !token}>
          {submitting && <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />}
          {t('auth.reset.submit')}
        </Button>
      </form>
    </AuthShell>
  );
}
