import { Loader2, XCircle } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-client';
import { takeReturnPath } from '../../../lib/return-path';
import { setSessionUser } from '../../../lib/session';
import { verifyEmail } from '../api/verify-email';
import { AuthShell } from './auth-shell';
import { PasswordInput } from './password-input';

const UNEXPECTED = 'An unexpected error occurred. Please try again.';

/**
 * Opened from the verification email: /auth/verify?token=… The link alone does not verify: the
 * visitor types the password the account was signed up with, so a link sent for somebody else's
 * sign-up (a stranger using this address) cannot hand the stranger's password the account.
 */
export default function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  // Where the sign-up started (an invitation link, say): verifying signs in and goes back there.
  const [from] = useState(() => takeReturnPath());
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [deadLink, setDeadLink] = useState<string | null>(token ? null : 'The link is missing its code.');
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
      toast.success('Your email is verified', { description: "You're signed in." });
      navigate(from ?? '/dashboard', { replace: true });
    } catch (e) {
      if (e instanceof ApiError && e.code === 'invalid_token') {
        setDeadLink(e.message);
        return;
      }
      setError(e instanceof ApiError && e.status > 0 && e.status < 500 ? (e.fields?.password ?? e.message) : UNEXPECTED);
    } finally {
      setSubmitting(false);
    }
  }

  if (deadLink) {
    return (
      <AuthShell>
        <div className="text-center">
          <XCircle className="mx-auto h-12 w-12 text-danger" aria-hidden="true" />
          <h1 className="mt-4 text-2xl font-bold">This link did not work</h1>
          <p className="mt-2 text-sm text-muted">{deadLink} You can request a new one from the sign-in page.</p>
          <ButtonLink to="/auth" className="mt-6">
            Go to sign in
          </ButtonLink>
        </div>
      </AuthShell>
    );
  }
  return (
    <AuthShell>
      <h1 className="text-2xl font-extrabold">Confirm your password to finish</h1>
      <p className="mt-1 text-sm text-muted">Enter the password you chose when you signed up with this address. You will be signed in.</p>
      <form className="mt-6 space-y-4" onSubmit={(e) => void onSubmit(e)}>
        <Field label="Password">
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
          Verify and sign in
        </Button>
      </form>
      <p className="mt-6 text-sm text-muted">
        Did not sign up, or do not know the password? Somebody may have signed up with your address.{' '}
        <Link to="/signup" state={signUpAgain} className="font-medium text-accent hover:underline">
          Sign up again
        </Link>{' '}
        with a password of your own: it replaces the one on the account and sends you a new link.
      </p>
    </AuthShell>
  );
}
