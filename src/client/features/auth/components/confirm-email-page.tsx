import { useMutation } from '@tanstack/react-query';
import { CheckCircle2, Loader2, XCircle } from 'lucide-react';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { ButtonLink } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/errors';
import { useT } from '../../../lib/i18n';
import { confirmEmailChange } from '../api/confirm-email-change';
import { AuthShell } from './auth-shell';

/** Opened from the email-change link: /auth/confirm-email?token=… */
export default function ConfirmEmailPage() {
  const t = useT();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const mutation = useMutation({ mutationFn: confirmEmailChange });
  const { mutate } = mutation;
  useEffect(() => {
    if (token) mutate(token);
  }, [token, mutate]);

  return (
    <AuthShell>
      {!token || mutation.isError ? (
        <div className="text-center">
          <XCircle className="mx-auto h-12 w-12 text-danger" aria-hidden="true" />
          <h1 className="mt-4 text-2xl font-bold">{t('auth.verify.deadTitle')}</h1>
          <p className="mt-2 text-sm text-muted">
            {mutation.error ? errorMessage(mutation.error) : t('auth.verify.missingCode')} {t('auth.verify.deadHint')}
          </p>
          <ButtonLink to="/auth" className="mt-6">
            {t('auth.verify.goSignIn')}
          </ButtonLink>
        </div>
      ) : mutation.isSuccess ? (
        <div className="text-center">
          <CheckCircle2 className="mx-auto h-12 w-12 text-accent" aria-hidden="true" />
          <h1 className="mt-4 text-2xl font-bold">{t('auth.confirmEmail.doneTitle')}</h1>
          <p className="mt-2 text-sm text-muted">{t('auth.confirmEmail.doneText')}</p>
          <ButtonLink to="/auth" state={{ mode: 'signin' }} className="mt-6">
            {t('auth.signin.submit')}
          </ButtonLink>
        </div>
      ) : (
        <p role="status" className="flex items-center justify-center gap-2 py-10 text-muted">
          <Loader2 className="h-5 w-5 animate-spin" aria-hidden="true" /> {t('auth.confirmEmail.checking')}
        </p>
      )}
    </AuthShell>
  );
}
