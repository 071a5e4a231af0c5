import { ChevronDown, Copy, KeyRound, RefreshCw } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { copyWithToast } from '../../../../lib/clipboard';
import { cn } from '../../../../lib/cn';
import { refusalMessage } from '../../../../lib/field-message';
import { useLocale, useT } from '../../../../lib/i18n';
import { useSftp } from '../../api/get-sftp';
import { useResetSftpPassword } from '../../api/reset-sftp-password';

/** A read-only value people can select by hand, with a Copy button named after it. */
function CopyRow({ label, value, autoFocus }: { label: string; value: string; autoFocus?: boolean }) {
  const t = useT();
  const locale = useLocale();
  const id = useId();
  return (
    <div className="grid gap-1 sm:grid-cols-[6rem_1fr_auto] sm:items-center sm:gap-3">
      <label htmlFor={id} className="text-xs font-semibold uppercase tracking-wide text-muted">
        {label}
      </label>
      <input
        id={id}
        readOnly
        value={value}
        autoFocus={autoFocus}
        className="min-w-0 rounded-lg border border-line bg-bg px-3 py-2 font-mono text-sm text-ink focus:border-accent focus:outline-none"
        onFocus={(e) => e.currentTarget.select()}
      />
      <Button size="sm" variant="secondary" className="justify-self-start" onClick={() => void copyWithToast(value, label)}>
        <Copy className="h-4 w-4" aria-hidden="true" />
        {t('sftp.copy')} <span className="sr-only">{locale === 'de' ? label : label.toLocaleLowerCase(locale)}</span>
      </Button>
    </div>
  );
}

type ResetStep = 'idle' | 'confirm';

/**
 * The card's SFTP section: host, port and username with Copy buttons, which password to use, and
 * on a real panel 'Reset SFTP password' (after a confirmation), showing the new password once.
 * The details are asked for only when the section is opened.
 */
export function SftpAccess({ serverId, serverName }: { serverId: string; serverName: string }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [step, setStep] = useState<ResetStep>('idle');
  const [password, setPassword] = useState<string | null>(null);
  const regionId = useId();
  const sftp = useSftp(serverId, open);
  const reset = useResetSftpPassword(serverId);
  const resetButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);

  // Back from the confirmation (kept, failed, or the password put away): focus returns to the button.
  useEffect(() => {
    if (step === 'idle' && !password && returnFocus.current) {
      returnFocus.current = false;
      resetButton.current?.focus();
    }
  }, [step, password]);

  function backToIdle() {
    returnFocus.current = true;
    setStep('idle');
  }

  function toggle() {
    setOpen((o) => !o);
    // A password shown once is gone when the section closes.
    setPassword(null);
    setStep('idle');
    reset.reset();
  }

  function confirmReset() {
    reset.mutate(undefined, {
      onSuccess: ({ password: fresh }) => {
        setPassword(fresh);
        setStep('idle');
      },
      onError: backToIdle,
    });
  }

  return (
    <div className="rounded-xl border border-line">
      <button
        type="button"
        className="flex w-full items-center justify-between gap-3 rounded-xl px-4 py-3 text-left text-sm font-semibold hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
        aria-expanded={open}
        aria-controls={regionId}
        onClick={toggle}
      >
        <span className="flex items-center gap-2">
          <KeyRound className="h-4 w-4 text-accent" aria-hidden="true" />
          {t('sftp.title')} <span className="sr-only">{t('sftp.for', { server: serverName })}</span>
        </span>
        <ChevronDown className={cn('h-4 w-4 text-muted transition-transform', open && 'rotate-180')} aria-hidden="true" />
      </button>
      {open && (
        <div id={regionId} role="region" aria-label={t('sftp.region', { server: serverName })} className="space-y-3 border-t border-line px-4 py-4">
          {sftp.isPending && <p className="text-sm text-muted">{t('sftp.loading')}</p>}
          {sftp.isError && (
            <div className="space-y-2">
              <p role="alert" className="text-sm text-danger">
                {refusalMessage(sftp.error)}
              </p>
              <Button size="sm" variant="outline" onClick={() => void sftp.refetch()}>
                <RefreshCw className="h-4 w-4" aria-hidden="true" />
                {t('sftp.tryAgain')}
              </Button>
            </div>
          )}
          {sftp.data && (
            <>
              <p className="text-sm text-muted">{t('sftp.client')}</p>
              <CopyRow label={t('sftp.host')} value={sftp.data.host} />
              <CopyRow label={t('sftp.port')} value={String(sftp.data.port)} />
              <CopyRow label={t('sftp.username')} value={sftp.data.username} />
              <p className="text-sm">
                <span className="font-semibold">{t('sftp.passwordLabel')}</span> <span className="text-muted">{sftp.data.passwordHint}</span>
              </p>

              {password && (
                <div className="space-y-2 rounded-lg border border-accent/40 bg-accent/10 p-3">
                  <p className="text-sm font-semibold" role="status">
                    {t('sftp.newPassword')}
                  </p>
                  <CopyRow label={t('sftp.password')} value={password} autoFocus />
                  <p className="text-xs text-muted">
                    {t('sftp.shownOnce')}
                  </p>
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => {
                      returnFocus.current = true;
                      setPassword(null);
                    }}
                  >
                    {t('sftp.saved')}
                  </Button>
                </div>
              )}

              {sftp.data.canResetPassword && !password && step === 'idle' && (
                <div className="space-y-2">
                  <Button ref={resetButton} size="sm" variant="outline" onClick={() => setStep('confirm')}>
                    <KeyRound className="h-4 w-4" aria-hidden="true" />
                    {t('sftp.reset')}
                  </Button>
                  {reset.isError && (
                    <p role="alert" className="text-sm text-danger">
                      {refusalMessage(reset.error)}
                    </p>
                  )}
                </div>
              )}
              {step === 'confirm' && (
                <div className="space-y-2 rounded-lg border border-line bg-surface-2 p-3" role="group" aria-label={t('sftp.confirmLabel')}>
                  <p className="text-sm">
                    {t('sftp.confirmText')}
                  </p>
                  <div className="flex flex-wrap gap-2">
                    <Button size="sm" variant="danger" disabled={reset.isPending} onClick={confirmReset}>
                      {reset.isPending ? t('sftp.resetting') : t('sftp.setNew')}
                    </Button>
                    <Button size="sm" variant="ghost" autoFocus disabled={reset.isPending} onClick={backToIdle}>
                      {t('sftp.keepOld')}
                    </Button>
                  </div>
                </div>
              )}
            </>
          )}
        </div>
      )}
    </div>
  );
}
