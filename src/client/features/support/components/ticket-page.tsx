import { ArrowLeft, CheckCircle2 } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import { ReplyBox } from '../../../components/tickets/reply-box';
import { categoryLabel, TicketPriorityBadge, TicketStatusBadge } from '../../../components/tickets/ticket-badges';
import { TicketThread } from '../../../components/tickets/ticket-thread';
import { TicketTime } from '../../../components/tickets/ticket-time';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { ApiError } from '../../../lib/api-client';
import { errorMessage, fieldErrors } from '../../../lib/errors';
import { fieldMessage } from '../../../lib/field-message';
import { useT } from '../../../lib/i18n';
import { useTicket } from '../api/get-ticket';
import { useReplyToTicket } from '../api/reply-to-ticket';
import { useResolveTicket } from '../api/resolve-ticket';

function BackLink() {
  const t = useT();
  return (
    <Link to="/dashboard/support" className="inline-flex items-center gap-1.5 text-sm text-muted hover:text-ink">
      <ArrowLeft className="h-4 w-4" aria-hidden="true" />
      {t('support.ticket.all')}
    </Link>
  );
}

/** /dashboard/support/:id: one ticket's thread, with a reply box and 'Mark as resolved'. */
export default function TicketPage() {
  const t = useT();
  const id = useParams().id ?? '';
  const { data: ticket, error, isError } = useTicket(id);
  const reply = useReplyToTicket(id);
  const resolve = useResolveTicket(id);

  if (isError) {
    const missing = error instanceof ApiError && error.status === 404;
    return (
      <div className="space-y-4">
        <BackLink />
        <Card>
          <h1 className="text-xl font-bold">{missing ? t('support.ticket.notFound') : t('support.ticket.loadFailed')}</h1>
          <p className="mt-1 text-sm text-muted">
            {missing ? t('support.ticket.notFoundText') : t('support.ticket.refresh')}
          </p>
        </Card>
      </div>
    );
  }
  if (!ticket) return <PageSpinner label={t('support.ticket.loading')} />;

  async function send(body: string) {
    try {
      await reply.mutateAsync(body);
      toast.success(t('support.ticket.replySent'), { description: t('support.ticket.replySentText') });
    } catch (e) {
      toast.error(t('common.error'), { description: errorMessage(e) });
      throw e;
    }
  }

  async function markResolved() {
    try {
      await resolve.mutateAsync();
      toast.success(t('support.ticket.resolved'), { description: t('support.ticket.resolvedText') });
    } catch (e) {
      toast.error(t('common.error'), { description: errorMessage(e) });
    }
  }

  const resolved = ticket.status === 'resolved';
  return (
    <div className="space-y-6">
      <BackLink />
      <header className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h1 className="break-words text-2xl font-extrabold sm:text-3xl">{ticket.subject}</h1>
          <p className="mt-2 text-sm text-muted">
            #{ticket.reference} · {categoryLabel(ticket.category)} · {t('support.ticket.opened')} <TicketTime iso={ticket.createdAt} />
            {ticket.server && <> · {t('support.ticket.server', { name: ticket.server.name })}</>}
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <TicketStatusBadge status={ticket.status} />
            <TicketPriorityBadge priority={ticket.priority} />
          </div>
        </div>
        {!resolved && (
          <Button variant="outline" disabled={resolve.isPending} onClick={() => void markResolved()}>
            <CheckCircle2 className="h-4 w-4" aria-hidden="true" />
            {t('support.ticket.markResolved')}
          </Button>
        )}
      </header>

      <section aria-labelledby="thread-heading">
        <h2 id="thread-heading" className="sr-only">
          {t('support.ticket.conversation')}
        </h2>
        <TicketThread messages={ticket.messages} viewer="customer" />
      </section>

      <Card>
        <h2 className="mb-3 text-lg font-bold">{t('support.ticket.replyTitle')}</h2>
        <ReplyBox
          onSend={send}
          pending={reply.isPending}
          error={fieldMessage(fieldErrors(reply.error).body)}
          hint={
            resolved
              ? t('support.ticket.hintResolved')
              : ticket.status === 'pending'
                ? t('support.ticket.hintPending')
                : t('support.ticket.hintOpen')
          }
        />
      </Card>
    </div>
  );
}
