import { Info, Loader2 } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Field, Input } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-client';
import { AuthShell } from './auth-shell';
import { useT } from '../../../lib/i18n';

export type AuthMode = 'signin' | 'signup' | 'forgot';

export interface Notice {
  tone: 'info' | 'error';
  text: string;
}

/** A failure to show as the generic message: no answer, or the server's own fault. */
export function isUnexpected(error: unknown) {
  return !(error instanceof ApiError) || error.status === 0 || error.status >= 500;
}

interface AuthFrameProps {
  mode: AuthMode;
  /** The other tab (sign in / sign up); none while resetting a password. */
  onSwitch: (mode: AuthMode) => void;
  heading: string;
  intro: string;
  /** A message the page was opened with (e.g. "Sign in to continue"). */
  message?: string;
  notice: Notice | null;
  submitLabel: string;
  onSubmit: () => Promise<void>;
  /** The form's fields. */
  children: ReactNode;
  /** Between the notice and the submit button (e.g. "Resend verification email"). */
  extra?: ReactNode;
  /** Under the form (e.g. "Forgot your password?"). */
  footer?: ReactNode;
  /** The form checks its fields itself and shows every problem on the page, not the browser's bubble. */
  noValidate?: boolean;
}

/** What the sign-in, sign-up and password-reset forms share: the tabs, the heading, the notice and the submit button. */
export function AuthFrame(props: AuthFrameProps) {
  const { mode, onSwitch, heading, intro, message, notice, submitLabel, onSubmit, children, extra, footer, noValidate = false } = props;
  const [submitting, setSubmitting] = useState(false);
  const t = useT();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitting(true);
    try {
      await onSubmit();
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <AuthShell>
      {mode !== 'forgot' && (
        <div role="tablist" aria-label={t('auth.tabs')} className="mb-6 grid grid-cols-2 rounded-lg bg-bg p-1">
          {(['signin', 'signup'] as const).map((m) => (
            <button
              key={m}
              type="button"
              role="tab"
              aria-selected={mode === m}
              className={`rounded-md py-2 text-sm font-semibold ${mode === m ? 'bg-surface-2 text-ink' : 'text-muted hover:text-ink'}`}
              onClick={() => onSwitch(m)}
            >
              {m === 'signin' ? t('auth.tab.signin') : t('auth.tab.signup')}
            </button>
          ))}
        </div>
      )}
      <h1 className="text-2xl font-extrabold">{heading}</h1>
      <p className="mt-1 text-sm text-muted">{intro}</p>
      {message && (
        <p role="status" className="mt-4 flex gap-2 rounded-lg border border-violet/40 bg-violet/10 p-3 text-sm">
          <Info className="mt-0.5 h-4 w-4 shrink-0 text-violet" aria-hidden="true" />
          {message}
        </p>
      )}
      <form className="mt-6 space-y-4" onSubmit={(e) => void submit(e)} noValidate={noValidate}>
        {children}
        {notice && (
          <p
            role={notice.tone === 'error' ? 'alert' : 'status'}
            className={`rounded-lg border p-3 text-sm ${notice.tone === 'error' ? 'border-danger/40 bg-danger/10 text-ink' : 'border-accent/40 bg-accent/10'}`}
          >
            {notice.text}
          </p>
        )}
        {extra}
        <Button type="submit" size="lg" className="w-full" disabled={submitting}>
          {submitting && <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />}
          {submitLabel}
        </Button>
      </form>
      <div className="mt-5 text-center text-sm">{footer}</div>
    </AuthShell>
  );
}

/** The email box every form starts with; the address is kept when switching forms. */
export function EmailField({ value, onChange, error }: { value: string; onChange: (email: string) => void; error?: string }) {
  const t = useT();
  return (
    <Field label={t('auth.email')} error={error}>
      {({ id, describedBy }) => (
        <Input
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          type="email"
          name="email"
          autoComplete="email"
          required
          placeholder={t('auth.emailPlaceholder')}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Field>
  );
}
