import { Clock, Download, Headset, Rocket } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { useT } from '../../../lib/i18n';

const tile =
  'flex h-full w-full flex-col items-start gap-2 rounded-2xl border border-line bg-surface p-4 text-left text-sm sm:gap-3 sm:p-5 sm:text-base font-semibold transition-colors hover:border-accent disabled:cursor-not-allowed disabled:opacity-60 disabled:hover:border-line';

/** The spec's four quick actions on My Services. */
export function QuickActions({
  hasServers,
  onBackups,
  onSchedule,
}: {
  hasServers: boolean;
  onBackups: () => void;
  onSchedule: () => void;
}) {
  const reasonId = useId();
  const t = useT();
  const reason = hasServers ? undefined : t('servers.quick.needServer');
  return (
    <section aria-labelledby={`${reasonId}-title`}>
      <h2 id={`${reasonId}-title`} className="mb-4 text-lg font-bold">
        {t('servers.quick.title')}
      </h2>
      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <li>
          <Link to="/deploy" className={tile}>
            <Rocket className="h-5 w-5 text-accent" aria-hidden="true" />
            {t('servers.deployNew')}
          </Link>
        </li>
        <li>
          <button
            type="button"
            className={tile}
            onClick={onBackups}
            disabled={!hasServers}
            aria-haspopup="dialog"
            aria-describedby={reason ? reasonId : undefined}
            title={reason}
          >
            <Download className="h-5 w-5 text-accent" aria-hidden="true" />
            {t('servers.quick.backups')}
          </button>
        </li>
        <li>
          <Link to="/dashboard/support" className={tile}>
            <Headset className="h-5 w-5 text-accent" aria-hidden="true" />
            {t('servers.quick.support')}
          </Link>
        </li>
        <li>
          <button
            type="button"
            className={tile}
            onClick={onSchedule}
            disabled={!hasServers}
            aria-haspopup="dialog"
            aria-describedby={reason ? reasonId : undefined}
            title={reason}
          >
            <Clock className="h-5 w-5 text-accent" aria-hidden="true" />
            {t('servers.action.schedule')}
          </button>
        </li>
      </ul>
      {reason && (
        <p id={reasonId} className="mt-2 text-xs text-muted">
          {t('servers.quick.needServerNote')}
        </p>
      )}
    </section>
  );
}
