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
import { useTicket } from '../api/get-ticket';
import { useReplyToTicket } from '../api/reply-to-ticket';
import { useResolveTicket } from '../api/resolve-ticket';

function BackLink() {
  return (
    <Link to="/dashboard/support" className="inline-flex items-center gap-1.5 text-sm text-muted hover:text-ink">
      <ArrowLeft className="h-4 w-4" aria-hidden="true" />
      All tickets
    </Link>
  );
}

/** /dashboard/support/:id: one ticket's thread, with a reply box and 'Mark as resolved'. */
export default function TicketPage() {
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
          <h1 className="text-xl font-bold">{missing ? 'Ticket not found' : 'We could not load this ticket'}</h1>
          <p className="mt-1 text-sm text-muted">
            {missing ? 'It does not exist, or it belongs to another account.' : 'Please refresh the page.'}
          </p>
        </Card>
      </div>
    );
  }
  if (!ticket) return <PageSpinner label="Loading ticket..." />;

  async function send(body: string) {
    try {
      await reply.mutateAsync(body);
      toast.success('Reply sent', { description: 'Our team has been notified.' });
    } catch (e) {
      toast.error('Error', { description: errorMessage(e) });
      throw e;
    }
  }

  async function markResolved() {
    try {
      await resolve.mutateAsync();
      toast.success('Ticket resolved', { description: 'Glad it is sorted. Reply any time to reopen it.' });
    } catch (e) {
      toast.error('Error', { description: errorMessage(e) });
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
            #{ticket.reference} · {categoryLabel(ticket.category)} · Opened <TicketTime iso={ticket.createdAt} />
            {ticket.server && <> · Server: {ticket.server.name}</>}
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <TicketStatusBadge status={ticket.status} />
            <TicketPriorityBadge priority={ticket.priority} />
          </div>
        </div>
        {!resolved && (
          <Button variant="outline" disabled={resolve.isPending} onClick={() => void markResolved()}>
            <CheckCircle2 className="h-4 w-4" aria-hidden="true" />
            Mark as resolved
          </Button>
        )}
      </header>

      <section aria-labelledby="thread-heading">
        <h2 id="thread-heading" className="sr-only">
          Conversation
        </h2>
        <TicketThread messages={ticket.messages} viewer="customer" />
      </section>

      <Card>
        <h2 className="mb-3 text-lg font-bold">Reply</h2>
        <ReplyBox
          onSend={send}
          pending={reply.isPending}
          error={fieldErrors(reply.error).body}
          hint={
            resolved
              ? 'This ticket is resolved. Replying reopens it.'
              : ticket.status === 'pending'
                ? 'Our team is waiting for your answer.'
                : 'Our team will answer here and by email.'
          }
        />
      </Card>
    </div>
  );
}
