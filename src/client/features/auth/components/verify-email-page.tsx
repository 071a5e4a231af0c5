import { useMutation } from '@tanstack/react-query';
import { CheckCircle2, Loader2, XCircle } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ButtonLink } from '../../../components/ui/button';
import { takeReturnPath } from '../../../lib/return-path';
import { verifyEmail } from '../api/verify-email';
import { confirmEmailChange } from '../api/confirm-email-change';
import { AuthShell } from './auth-shell';

/** Opened from the email links: /auth/verify (new account) and /auth/confirm-email (changed address). */
export function TokenPage({ kind }: { kind: 'verify' | 'confirm-email' }) {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const mutation = useMutation({
    mutationFn: (t: string) => (kind === 'verify' ? verifyEmail(t) : confirmEmailChange(t)),
  });
  const { mutate } = mutation;
  // Where the sign-up started (an invitation link, say), so signing in goes back there.
  const [from] = useState(() => (kind === 'verify' ? takeReturnPath() : undefined));
  useEffect(() => {
    if (token) mutate(token);
  }, [token, mutate]);

  const done = kind === 'verify' ? 'Your email is verified' : 'Your new email address is confirmed';
  return (
    <AuthShell>
      {!token || mutation.isError ? (
        <div className="text-center">
          <XCircle className="mx-auto h-12 w-12 text-danger" aria-hidden="true" />
          <h1 className="mt-4 text-2xl font-bold">This link did not work</h1>
          <p className="mt-2 text-sm text-muted">
            {mutation.error?.message ?? 'The link is missing its code.'} You can request a new one from the sign-in page.
          </p>
          <ButtonLink to="/auth" className="mt-6">
            Go to sign in
          </ButtonLink>
        </div>
      ) : mutation.isSuccess ? (
        <div className="text-center">
          <CheckCircle2 className="mx-auto h-12 w-12 text-accent" aria-hidden="true" />
          <h1 className="mt-4 text-2xl font-bold">{done}</h1>
          <p className="mt-2 text-sm text-muted">You can sign in now.</p>
          <ButtonLink to="/auth" state={{ mode: 'signin', ...(from ? { from } : {}) }} className="mt-6">
            Sign In
          </ButtonLink>
        </div>
      ) : (
        <p role="status" className="flex items-center justify-center gap-2 py-10 text-muted">
          <Loader2 className="h-5 w-5 animate-spin" aria-hidden="true" /> Checking your link...
        </p>
      )}
    </AuthShell>
  );
}

export default function VerifyEmailPage() {
  return <TokenPage kind="verify" />;
}
