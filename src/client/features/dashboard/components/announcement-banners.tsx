import { AlertOctagon, AlertTriangle, Info, X } from 'lucide-react';
import { toast } from 'sonner';
import type { AnnouncementSeverity, CustomerAnnouncement } from '../../../../shared/schemas/announcements';
import { cn } from '../../../lib/cn';
import { errorMessage } from '../../../lib/errors';
import { useT } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { useDismissAnnouncement } from '../api/dismiss-announcement';
import { useAnnouncements } from '../api/get-announcements';

const looks: Record<AnnouncementSeverity, { box: string; icon: typeof Info; iconClass: string }> = {
  info: { box: 'border-accent/40 bg-accent/10', icon: Info, iconClass: 'text-accent' },
  warning: { box: 'border-warn/40 bg-warn/10', icon: AlertTriangle, iconClass: 'text-warn' },
  critical: { box: 'border-danger/50 bg-danger/10', icon: AlertOctagon, iconClass: 'text-danger' },
};

function Banner({ announcement, readOnly }: { announcement: CustomerAnnouncement; readOnly: boolean }) {
  const t = useT();
  const dismiss = useDismissAnnouncement();
  const look = looks[announcement.severity];
  const Icon = look.icon;
  const titleId = `announcement-${announcement.id}`;
  return (
    <li className={cn('flex items-start gap-3 rounded-xl border p-4', look.box)} aria-labelledby={titleId}>
      <Icon className={cn('mt-0.5 h-5 w-5 shrink-0', look.iconClass)} aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p id={titleId} className="font-semibold text-ink">
          <span className="sr-only">{t(`announcements.severity.${announcement.severity}`)}: </span>
          {announcement.title}
        </p>
        {/* Rendered on the server from staff's Markdown or plain text, with raw HTML escaped. */}
        <div className="md-body mt-1 text-sm text-ink/90" dangerouslySetInnerHTML={{ __html: announcement.html }} />
      </div>
      {!readOnly && (
        <button
          type="button"
          className="inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-lg text-muted hover:bg-surface-2 hover:text-ink"
          aria-label={t('announcements.dismiss', { title: announcement.title })}
          disabled={dismiss.isPending}
          onClick={() => dismiss.mutate(announcement.id, { onError: (error) => toast.error(errorMessage(error)) })}
        >
          <X className="h-4 w-4" aria-hidden="true" />
        </button>
      )}
    </li>
  );
}

/** The announcements staff aimed at this customer, above every dashboard page, until they close them. */
export function AnnouncementBanners() {
  const t = useT();
  const { viewAs } = useSession();
  const { data } = useAnnouncements();
  if (!data || data.announcements.length === 0) return null;
  return (
    <section aria-label={t('announcements.region')} className="mb-6">
      <ul className="space-y-3">
        {data.announcements.map((a) => (
          <Banner key={a.id} announcement={a} readOnly={Boolean(viewAs)} />
        ))}
      </ul>
    </section>
  );
}
