import { Check, Circle, Loader2, X } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { useT } from '../../../lib/i18n';

const steps = [
  { key: 'paid', label: 'steps.paid' },
  { key: 'provisioning', label: 'steps.provisioning' },
  { key: 'installing', label: 'steps.installing' },
  { key: 'online', label: 'steps.online' },
] as const;

function position(status: string | undefined, paid: boolean) {
  const s = status?.toLowerCase();
  if (!paid) return 0;
  if (!s || s === 'provisioning') return 1;
  if (s === 'installing') return 2;
  return 4;
}

/** The live provisioning state: paid, creating, installing, online (or failed). */
export function ProvisioningSteps({ status, paid }: { status: string | undefined; paid: boolean }) {
  const t = useT();
  const failed = status?.toLowerCase() === 'failed';
  const current = position(status, paid);
  return (
    <ol className="space-y-3" aria-label={t('steps.label')}>
      {steps.map((step, i) => {
        const done = !failed && i < current;
        const active = !failed && i === current;
        const broken = failed && i === Math.max(1, current === 4 ? 1 : current);
        return (
          <li key={step.key} className="flex items-center gap-3" aria-current={active ? 'step' : undefined}>
            <span
              className={cn(
                'flex h-7 w-7 items-center justify-center rounded-full border',
                done && 'border-accent bg-accent text-accent-ink',
                active && 'border-accent text-accent',
                broken && 'border-danger bg-danger/20 text-danger',
                !done && !active && !broken && 'border-line text-muted',
              )}
            >
              {done ? (
                <Check className="h-4 w-4" aria-hidden="true" />
              ) : broken ? (
                <X className="h-4 w-4" aria-hidden="true" />
              ) : active ? (
                <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
              ) : (
                <Circle className="h-3 w-3" aria-hidden="true" />
              )}
            </span>
            <span className={cn('text-sm', done || active ? 'text-ink' : 'text-muted')}>
              {t(step.label)}
              <span className="sr-only">{done ? ` ${t('steps.done')}` : active ? ` ${t('steps.inProgress')}` : broken ? ` ${t('steps.failed')}` : ''}</span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}
