import { ArrowRight, ShieldCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Badge } from '../../../components/ui/badge';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field, Input } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/errors';
import { useT } from '../../../lib/i18n';
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
  const t = useT();
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
      toast.error(t('common.error'), { description: errorMessage(error) });
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
      toast.success(t('account.twoFactor.enabled'), { description: t('account.twoFactor.enabledText') });
    } catch (error) {
      toast.error(t('common.error'), { description: errorMessage(error) });
    }
  }

  async function turnOff(event: FormEvent) {
    event.preventDefault();
    try {
      await disable.mutateAsync({ password, code: offCode.trim() });
      setPassword('');
      setOffCode('');
      toast.success(t('account.twoFactor.disabled'), { description: t('account.twoFactor.disabledText') });
    } catch (error) {
      toast.error(t('common.error'), { description: errorMessage(error) });
    }
  }

  return (
    <Card>
      <div className="flex items-center justify-between gap-4">
        <h2 className="flex items-center gap-2 text-lg font-bold">
          <ShieldCheck className="h-5 w-5 text-accent" aria-hidden="true" />
          {t('account.twoFactor.title')}
        </h2>
        <Badge tone={enabled ? 'green' : 'grey'}>{enabled ? t('account.twoFactor.on') : t('account.twoFactor.off')}</Badge>
      </div>
      <p className="mt-1 text-sm text-muted">{t('account.twoFactor.intro')}</p>

      {recoveryCodes && (
        <div className="mt-5 rounded-xl border border-warn/40 bg-warn/10 p-4">
          <h3 className="font-semibold text-warn">{t('account.twoFactor.saveCodes')}</h3>
          <p className="mt-1 text-sm">{t('account.twoFactor.saveCodesText')}</p>
          <ul aria-label={t('account.twoFactor.codes')} className="mt-3 grid grid-cols-2 gap-2 font-mono text-sm">
            {recoveryCodes.map((c) => (
              <li key={c} className="rounded bg-bg px-2 py-1">
                {c}
              </li>
            ))}
          </ul>
          <Button variant="outline" size="sm" className="mt-4" onClick={() => setRecoveryCodes(null)}>
            {t('account.twoFactor.savedCodes')}
          </Button>
        </div>
      )}

      {staffNext && (enabled || justEnabled) && (
        <div className="mt-5 flex flex-col gap-3 rounded-xl border border-accent/40 bg-accent/10 p-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm">{t(recoveryCodes ? 'account.twoFactor.staffOpenAfterCodes' : 'account.twoFactor.staffOpen')}</p>
          <ButtonLink to={staffNext} size="sm" className="shrink-0">
            {t('account.twoFactor.continue')}
            <ArrowRight className="h-4 w-4" aria-hidden="true" />
          </ButtonLink>
        </div>
      )}

      {!enabled && !setup && (
        <Button className="mt-5" onClick={() => void begin()} disabled={start.isPending}>
          {start.isPending ? t('account.twoFactor.preparing') : t('account.twoFactor.enable')}
        </Button>
      )}

      {!enabled && setup && (
        <form className="mt-5 grid gap-4 sm:grid-cols-[200px_1fr]" onSubmit={(e) => void confirm(e)}>
          <img
            src={`data:image/svg+xml;utf8,${encodeURIComponent(setup.qrSvg)}`}
            alt={t('account.twoFactor.qrAlt')}
            className="h-48 w-48 rounded-lg bg-white p-2"
          />
          <div className="space-y-4">
            <p className="text-sm">
              {t('account.twoFactor.scan')}{' '}
              <code className="break-all rounded bg-bg px-1.5 py-0.5 font-mono" data-testid="totp-secret">
                {setup.secret}
              </code>
            </p>
            <Field label={t('account.twoFactor.confirmCode')} hint={t('account.twoFactor.confirmCodeHint')}>
              {({ id, describedBy }) => (
                <Input id={id} aria-describedby={describedBy} inputMode="numeric" autoComplete="one-time-code" required value={code} onChange={(e) => setCode(e.target.value)} />
              )}
            </Field>
            <div className="flex gap-3">
              <Button type="submit" disabled={enable.isPending}>
                {enable.isPending ? t('account.twoFactor.checking') : t('account.twoFactor.confirm')}
              </Button>
              <Button variant="ghost" onClick={() => setSetup(null)}>
                {t('common.cancel')}
              </Button>
            </div>
          </div>
        </form>
      )}

      {enabled && (
        <form className="mt-5 flex flex-col gap-3 sm:flex-row sm:items-end" onSubmit={(e) => void turnOff(e)}>
          <div className="flex-1">
            <Field label={t('account.twoFactor.password')}>
              {({ id }) => (
                <Input id={id} type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
              )}
            </Field>
          </div>
          <div className="flex-1">
            <Field label={t('account.twoFactor.code')} hint={t('account.twoFactor.codeHint')}>
              {({ id, describedBy }) => (
                <Input id={id} aria-describedby={describedBy} autoComplete="one-time-code" required value={offCode} onChange={(e) => setOffCode(e.target.value)} />
              )}
            </Field>
          </div>
          <Button type="submit" variant="danger" disabled={disable.isPending}>
            {disable.isPending ? t('account.twoFactor.disabling') : t('account.twoFactor.disable')}
          </Button>
        </form>
      )}
    </Card>
  );
}
