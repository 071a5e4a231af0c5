import { CheckCircle2, Loader2, ShieldCheck, XCircle } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { roleLabels } from '../../../../shared/permissions';
import type { AcceptInvitationResponse, InvitationPreview } from '../../../../shared/schemas/admin/staff';
import { PASSWORD_MIN_LENGTH } from '../../../../shared/schemas/auth';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Field, Input } from '../../../components/ui/field';
import { api } from '../../../lib/api-client';
import { errorMessage, fieldErrors } from '../../../lib/errors';
import { AuthShell } from './auth-shell';
import { PasswordInput } from './password-input';

// The page's two calls live here: the invitation is the only thing this page does.
function getInvitation(token: string, signal?: AbortSignal) {
  return api<InvitationPreview>(`/auth/invitations/${encodeURIComponent(token)}`, { signal });
}

function acceptInvitation(body: { token: string; password: string; firstName?: string; lastName?: string }) {
  return api<AcceptInvitationResponse>('/auth/invitations/accept', { method: 'POST', body });
}

const unusable: Record<Exclude<InvitationPreview['state'], 'valid'>, { title: string; body: string }> = {
  expired: { title: 'This invitation has expired', body: 'Invitations work for 7 days. Ask the admin who invited you to send a new one.' },
  used: { title: 'This invitation was already used', body: 'Your account is set up. Sign in with the password you chose.' },
  revoked: { title: 'This invitation was withdrawn', body: 'Ask an admin to invite you again if you still need access.' },
};

function Problem({ title, body, signIn }: { title: string; body: string; signIn?: boolean }) {
  return (
    <div className="text-center">
      <XCircle className="mx-auto h-12 w-12 text-danger" aria-hidden="true" />
      <h1 className="mt-4 text-2xl font-bold">{title}</h1>
      <p className="mt-2 text-sm text-muted">{body}</p>
      <ButtonLink to="/auth" state={{ mode: 'signin' }} className="mt-6" variant={signIn ? 'primary' : 'outline'}>
        Go to sign in
      </ButtonLink>
    </div>
  );
}

/** /auth/accept-invite?token=...: a person invited to the staff chooses their password. */
export default function AcceptInvitePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [preview, setPreview] = useState<InvitationPreview | null>(null);
  const [loadError, setLoadError] = useState<string | null>(token ? null : 'The link is missing its code. Open the link from your email again.');
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [submitting, setSubmitting] = useState(false);
  const [joined, setJoined] = useState<AcceptInvitationResponse | null>(null);

  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    getInvitation(token, controller.signal)
      .then(setPreview)
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setLoadError(errorMessage(error));
      });
    return () => controller.abort();
  }, [token]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const problems: Record<string, string> = {};
    if (password.length < PASSWORD_MIN_LENGTH) problems.password = `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;
    if (password !== confirm) problems.confirm = 'Passwords do not match. Please try again.';
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    setSubmitting(true);
    try {
      const result = await acceptInvitation({
        token,
        password,
        ...(firstName.trim() ? { firstName: firstName.trim() } : {}),
        ...(lastName.trim() ? { lastName: lastName.trim() } : {}),
      });
      setJoined(result);
      toast.success('Welcome to the team', { description: 'Your password is set. Sign in to continue.' });
    } catch (error) {
      setErrors(fieldErrors(error));
      toast.error('Could not accept the invitation', { description: errorMessage(error) });
    } finally {
      setSubmitting(false);
    }
  }

  if (joined) {
    return (
      <AuthShell>
        <div className="text-center">
          <CheckCircle2 className="mx-auto h-12 w-12 text-accent" aria-hidden="true" />
          <h1 className="mt-4 text-2xl font-bold">You're on the team</h1>
          <p className="mt-2 text-sm text-muted">
            Your password is set for {joined.email}, with the {roleLabels[joined.role]} role. Sign in now.
          </p>
          <p className="mt-4 flex items-start gap-2 rounded-lg border border-line bg-bg p-3 text-left text-sm">
            <ShieldCheck className="mt-0.5 h-4 w-4 shrink-0 text-accent" aria-hidden="true" />
            Staff accounts need two-factor authentication. After you sign in, we will walk you through turning it on with an
            authenticator app, and then the staff console opens.
          </p>
          <ButtonLink to="/auth" state={{ mode: 'signin', from: '/admin' }} className="mt-6">
            Sign In
          </ButtonLink>
        </div>
      </AuthShell>
    );
  }

  if (loadError) return <AuthShell><Problem title="This invitation link did not work" body={loadError} /></AuthShell>;
  if (!preview) {
    return (
      <AuthShell>
        <p role="status" className="flex items-center justify-center gap-2 py-10 text-muted">
          <Loader2 className="h-5 w-5 animate-spin" aria-hidden="true" /> Checking your invitation...
        </p>
      </AuthShell>
    );
  }
  if (preview.state !== 'valid') {
    const text = unusable[preview.state];
    return <AuthShell><Problem title={text.title} body={text.body} signIn={preview.state === 'used'} /></AuthShell>;
  }

  return (
    <AuthShell>
      <h1 className="text-2xl font-extrabold">Join the {preview.brand} team</h1>
      <p className="mt-1 text-sm text-muted">
        You were invited as <span className="font-semibold text-ink">{roleLabels[preview.role]}</span> with{' '}
        <span className="break-all font-semibold text-ink">{preview.email}</span>.{' '}
        {preview.hasAccount
          ? 'This address already has an account: the password you choose here replaces its old one.'
          : 'Choose a password to create your account.'}
      </p>
      <form className="mt-6 space-y-4" onSubmit={(e) => void onSubmit(e)} noValidate>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="First name (optional)" error={errors.firstName}>
            {({ id }) => <Input id={id} autoComplete="given-name" value={firstName} onChange={(e) => setFirstName(e.target.value)} />}
          </Field>
          <Field label="Last name (optional)" error={errors.lastName}>
            {({ id }) => <Input id={id} autoComplete="family-name" value={lastName} onChange={(e) => setLastName(e.target.value)} />}
          </Field>
        </div>
        <Field label="Password" error={errors.password} hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}>
          {({ id, describedBy }) => (
            <PasswordInput
              id={id}
              autoComplete="new-password"
              required
              aria-invalid={Boolean(errors.password)}
              aria-describedby={describedBy}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          )}
        </Field>
        <Field label="Confirm password" error={errors.confirm}>
          {({ id, describedBy }) => (
            <PasswordInput
              id={id}
              autoComplete="new-password"
              required
              aria-invalid={Boolean(errors.confirm)}
              aria-describedby={describedBy}
              value={confirm}
              onChange={(e) => setConfirm(e.target.value)}
            />
          )}
        </Field>
        <Button type="submit" size="lg" className="w-full" disabled={submitting}>
          {submitting && <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />}
          Set password and join
        </Button>
      </form>
    </AuthShell>
  );
}
