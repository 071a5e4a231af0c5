import type { TicketMessage } from '../../../shared/schemas/support';
import type { DashboardKey } from '../../../shared/i18n/keys';
import { cn } from '../../lib/cn';
import { useT } from '../../lib/i18n';
import { TicketTime } from './ticket-time';

const roleKeys: Record<TicketMessage['authorKind'], DashboardKey> = {
  customer: 'support.role.customer',
  staff: 'support.role.staff',
  guest: 'support.role.guest',
};

/** The messages of a ticket in order, each with its author, their role and the time. */
export function TicketThread({ messages, viewer }: { messages: TicketMessage[]; viewer: 'customer' | 'staff' }) {
  const t = useT();
  return (
    <ol className="space-y-4" aria-label={t('support.thread.messages')}>
      {messages.map((m) => {
        const fromStaff = m.authorKind === 'staff';
        const mine = viewer === 'staff' ? fromStaff : m.authorKind === 'customer';
        return (
          <li key={m.id}>
            <article
              aria-label={`${m.authorName}, ${t(roleKeys[m.authorKind])}`}
              className={cn(
                'rounded-2xl border p-4 sm:p-5',
                fromStaff ? 'border-violet/30 bg-violet/5' : 'border-line bg-surface',
                mine ? 'sm:ml-8' : 'sm:mr-8',
              )}
            >
              <header className="mb-2 flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 text-sm">
                <p className="font-semibold text-ink">
                  {m.authorName}{' '}
                  <span className={cn('text-xs font-medium', fromStaff ? 'text-violet' : 'text-muted')}>
                    {viewer === 'customer' && m.authorKind === 'customer' ? t('support.thread.you') : `(${t(roleKeys[m.authorKind])})`}
                  </span>
                </p>
                <TicketTime iso={m.createdAt} className="text-xs text-muted" />
              </header>
              <p className="whitespace-pre-wrap break-words text-sm leading-relaxed text-ink">{m.body}</p>
            </article>
          </li>
        );
      })}
    </ol>
  );
}
