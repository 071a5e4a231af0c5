import { ArrowRight, ShieldCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Badge } from '../../../components/ui/badge';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field, Input } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/errors';
import { refreshSession } from '../../../lib/session';
import {
  disableTwoFactor,
  enableTwoFactor,
  setupTwoFactor,
  useTwoFactorMutation,
  type TwoFactorSetup,
} from '../api/two-factor';

/** Where to send staff once two-factor is on: the console's gate links here with `next=/admin...`. */
function useStaffNext(): string | null {
  const [params] = useSearchParams();
  const next = params.get('next') ?? '';
  return next.startsWith('/admin') && !next.startsWith('//') ? next : null;
}

export function TwoFactorCard({ enabled }: { enabled: boolean }) {
  const staffNext = useStaffNext();
  const [justEnabled, setJustEnabled] = useState(false);
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [offCode, setOffCode] = useState('');
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const start = useTwoFactorMutation(setupTwoFactor);
  const enable = useTwoFactorMutation(enableTwoFactor);
  const disable = useTwoFactorMutation(disableTwoFactor);

  async function begin() {
    try {
      setSetup(await start.mutateAsync(undefined));
    } catch (error) {
      toast.error('Error', { description: errorMessage(error) });
    }
  }

  async function confirm(event: FormEvent) {
    event.preventDefault();
    try {
      const result = await enable.mutateAsync(code.trim());
      // The console's gate reads the session store: make sure it knows two-factor is on before offering the way back.
      await refreshSession();
      setJustEnabled(true);
      setRecoveryCodes(result.recoveryCodes);
      setSetup(null);
      setCode('');
      toast.success('Two-factor enabled', { description: 'You will be asked for a code when you sign in.' });
    } catch (error) {
      toast.error('Error', { description: errorMessage(error) });
    }
  }

  async function turnOff(event: FormEvent) {
    event.preventDefault();
    try {
      await disable.mutateAsync({ password, code: offCode.trim() });
      setPassword('');
      setOffCode('');
      toast.success('Two-factor disabled', { description: 'Sign-in now needs only your password.' });
    } catch (error) {
      toast.error('Error', { description: errorMessage(error) });
    }
  }

  return (
    <Card>
      <div className="flex items-center justify-between gap-4">
        <h2 className="flex items-center gap-2 text-lg font-bold">
          <ShieldCheck className="h-5 w-5 text-accent" aria-hidden="true" />
          Two-factor authentication
        </h2>
        <Badge tone={enabled ? 'green' : 'grey'}>{enabled ? 'On' : 'Off'}</Badge>
      </div>
      <p className="mt-1 text-sm text-muted">
        Ask for a code from an authenticator app (Google Authenticator, 1Password, Authy, ...) each time you sign in.
      </p>

      {recoveryCodes && (
        <div className="mt-5 rounded-xl border border-warn/40 bg-warn/10 p-4">
          <h3 className="font-semibold text-warn">Save your recovery codes</h3>
          <p className="mt-1 text-sm">Each code signs you in once if you lose your phone. We will not show them again.</p>
          <ul aria-label="Recovery codes" className="mt-3 grid grid-cols-2 gap-2 font-mono text-sm">
            {recoveryCodes.map((c) => (
              <li key={c} className="rounded bg-bg px-2 py-1">
                {c}
              </li>
            ))}
          </ul>
          <Button variant="outline" size="sm" className="mt-4" onClick={() => setRecoveryCodes(null)}>
            I have saved these codes
          </Button>
        </div>
      )}

      {staffNext && (enabled || justEnabled) && (
        <div className="mt-5 flex flex-col gap-3 rounded-xl border border-accent/40 bg-accent/10 p-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm">Two-factor is on, so the staff console is open to you{recoveryCodes ? ' once you have saved your recovery codes' : ''}.</p>
          <ButtonLink to={staffNext} size="sm" className="shrink-0">
            Continue to the staff console
            <ArrowRight className="h-4 w-4" aria-hidden="true" />
          </ButtonLink>
        </div>
      )}

      {!enabled && !setup && (
        <Button className="mt-5" onClick={() => void begin()} disabled={start.isPending}>
          {start.isPending ? 'Preparing...' : 'Enable two-factor'}
        </Button>
      )}

      {!enabled && setup && (
        <form className="mt-5 grid gap-4 sm:grid-cols-[200px_1fr]" onSubmit={(e) => void confirm(e)}>
          <img
            src={`data:image/svg+xml;utf8,${encodeURIComponent(setup.qrSvg)}`}
            alt="QR code to scan with your authenticator app"
            className="h-48 w-48 rounded-lg bg-white p-2"
          />
          <div className="space-y-4">
            <p className="text-sm">
              Scan the code with your app, or type this key:{' '}
              <code className="break-all rounded bg-bg px-1.5 py-0.5 font-mono" data-testid="totp-secret">
                {setup.secret}
              </code>
            </p>
            <Field label="Confirmation code" hint="The 6-digit code your app shows now.">
              {({ id, describedBy }) => (
                <Input id={id} aria-describedby={describedBy} inputMode="numeric" autoComplete="one-time-code" required value={code} onChange={(e) => setCode(e.target.value)} />
              )}
            </Field>
            <div className="flex gap-3">
              <Button type="submit" disabled={enable.isPending}>
                {enable.isPending ? 'Checking...' : 'Confirm and enable'}
              </Button>
              <Button variant="ghost" onClick={() => setSetup(null)}>
                Cancel
              </Button>
            </div>
          </div>
        </form>
      )}

      {enabled && (
        <form className="mt-5 flex flex-col gap-3 sm:flex-row sm:items-end" onSubmit={(e) => void turnOff(e)}>
          <div className="flex-1">
            <Field label="Password to disable two-factor">
              {({ id }) => (
                <Input id={id} type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
              )}
            </Field>
          </div>
          <div className="flex-1">
            <Field label="Two-factor code" hint="From your authenticator app, or a recovery code.">
              {({ id, describedBy }) => (
                <Input id={id} aria-describedby={describedBy} autoComplete="one-time-code" required value={offCode} onChange={(e) => setOffCode(e.target.value)} />
              )}
            </Field>
          </div>
          <Button type="submit" variant="danger" disabled={disable.isPending}>
            {disable.isPending ? 'Disabling...' : 'Disable two-factor'}
          </Button>
        </form>
      )}
    </Card>
  );
}
