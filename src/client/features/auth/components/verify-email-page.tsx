import { Loader2, XCircle } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-client';
import { fieldText, messageForCode } from '../../../lib/errors';
import { isLocalPath, takeReturnPath } from '../../../lib/return-path';
import { setSessionUser } from '../../../lib/session';
import { useT } from '../../../lib/i18n';
import { verifyEmail } from '../api/verify-email';
import { AuthShell } from './auth-shell';
import { PasswordInput } from './password-input';

/**
 * Opened from the verification email: /auth/verify?token=… The link alone does not verify: the
 * visitor types the password the account was signed up with, so a link sent for somebody else's
 * sign-up (a stranger using this address) cannot hand the stranger's password the account.
 */
export default function VerifyEmailPage() {
  const t = useT();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  // Where the sign-up started (the configurator with its choices, an invitation link): verifying
  // signs in and goes back there. The link carries it (`next`), for a link opened in another
  // browser; this browser may remember it too. Only a path on this site is followed.
  const [from] = useState(() => {
    const remembered = takeReturnPath();
    const next = params.get('next');
    return isLocalPath(next) ? next : remembered;
  });
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [deadLink, setDeadLink] = useState<string | null>(token ? null : t('auth.verify.missingCode'));
  const [submitting, setSubmitting] = useState(false);
  // Signing up again keeps the return path for the new link.
  const signUpAgain = { mode: 'signup', ...(from ? { from } : {}) };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setSubmitting(true);
    try {
      const { user } = await verifyEmail({ token, password });
      setSessionUser(user);
      toast.success(t('auth.verify.verified'), { description: t('auth.verify.signedIn') });
      navigate(from ?? '/dashboard', { replace: true });
    } catch (e) {
      if (e instanceof ApiError && e.code === 'invalid_token') {
        setDeadLink(messageForCode(e.code, e.message));
        return;
      }
      setError(e instanceof ApiError && e.status > 0 && e.status < 500 ? (e.fields?.password ? fieldText(e.fields.password) : messageForCode(e.code, e.message)) : t('auth.verify.unexpected'));
    } finally {
      setSubmitting(false);
    }
  }

  if (deadLink) {
    return (
      <AuthShell>
        <div className="text-center">
          <XCircle className="mx-auto h-12 w-12 text-danger" aria-hidden="true" />
          <h1 className="mt-4 text-2xl font-bold">{t('auth.verify.deadTitle')}</h1>
          <p className="mt-2 text-sm text-muted">{deadLink} {t('auth.verify.deadHint')}</p>
          <ButtonLink to="/auth" className="mt-6">
            {t('auth.verify.goSignIn')}
          </ButtonLink>
        </div>
      </AuthShell>
    );
  }
  return (
    <AuthShell>
      <h1 className="text-2xl font-extrabold">{t('auth.verify.title')}</h1>
      <p className="mt-1 text-sm text-muted">{t('auth.verify.lead')}</p>
      <form className="mt-6 space-y-4" onSubmit={(e) => void onSubmit(e)}>
        <Field label={t('auth.password')}>
          {({ id }) => (
            <PasswordInput id={id} autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
          )}
        </Field>
        {error && (
          <p role="alert" className="rounded-lg border border-danger/40 bg-danger/10 p-3 text-sm">
            {error}
          </p>
        )}
        <Button type="submit" size="lg" className="w-full" disabled={submitting}>
          {submitting && <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />}
          {t('auth.verify.submit')}
        </Button>
      </form>
      <p className="mt-6 text-sm text-muted">
        {t('auth.verify.notYou')}{' '}
        <Link to="/signup" state={signUpAgain} className="font-medium text-accent hover:underline">
          {t('auth.verify.signUpAgain')}
        </Link>{' '}
        {t('auth.verify.notYouAfter')}
      </p>
    </AuthShell>
  );
}
