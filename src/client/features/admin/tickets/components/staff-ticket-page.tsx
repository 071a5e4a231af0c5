import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import { ticketStatuses, type TicketStatus } from '../../../../../shared/schemas/support';
import { ReplyBox } from '../../../../components/tickets/reply-box';
import { categoryLabel, TicketPriorityBadge, TicketStatusBadge } from '../../../../components/tickets/ticket-badges';
import { TicketThread } from '../../../../components/tickets/ticket-thread';
import { TicketTime } from '../../../../components/tickets/ticket-time';
import { Button } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { Field } from '../../../../components/ui/field';
import { PageSpinner } from '../../../../components/ui/page-spinner';
import { Select } from '../../../../components/ui/select';
import { ApiError } from '../../../../lib/api-client';
import { errorMessage, fieldErrors } from '../../../../lib/errors';
import { useStaffTicket } from '../api/get-staff-ticket';
import { useReplyAsStaff } from '../api/reply-as-staff';
import { useUpdateTicketStatus } from '../api/update-ticket-status';
import { RequesterLabel } from './requester-label';

function StatusForm({ id, status }: { id: string; status: string }) {
  const [value, setValue] = useState(status);
  const mutation = useUpdateTicketStatus(id);
  async function save() {
    try {
      await mutation.mutateAsync(value as TicketStatus);
      toast.success('Status updated', { description: `The ticket is now ${value}.` });
    } catch (e) {
      toast.error('Error', { description: errorMessage(e) });
    }
  }
  return (
    <form
      className="flex flex-col gap-3 sm:flex-row sm:items-end"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <div className="sm:w-48">
        <Field label="Status">
          {({ id: fieldId }) => (
            <Select id={fieldId} value={value} onChange={(e) => setValue(e.target.value)}>
              {ticketStatuses.map((s) => (
                <option key={s} value={s}>
                  {s[0]!.toUpperCase() + s.slice(1)}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
      <Button type="submit" variant="outline" disabled={mutation.isPending || value === status}>
        Update status
      </Button>
    </form>
  );
}

/** /admin/tickets/:id: the thread, who asked, a staff reply and the status. */
export function StaffTicketPage() {
  const id = useParams().id ?? '';
  const { data: ticket, error, isError } = useStaffTicket(id);
  const reply = useReplyAsStaff(id);

  const back = (
    <Link to="/admin/tickets" className="inline-flex items-center gap-1.5 text-sm text-muted hover:text-ink">
      <ArrowLeft className="h-4 w-4" aria-hidden="true" />
      All tickets
    </Link>
  );
  if (isError) {
    return (
      <div className="space-y-4">
        {back}
        <Card>
          <h1 className="text-xl font-bold">
            {error instanceof ApiError && error.status === 404 ? 'Ticket not found' : 'We could not load this ticket'}
          </h1>
        </Card>
      </div>
    );
  }
  if (!ticket) return <PageSpinner label="Loading ticket..." />;

  async function send(body: string) {
    try {
      await reply.mutateAsync(body);
      toast.success('Reply sent', {
        description: ticket?.requester.kind === 'guest' ? `Emailed to ${ticket.requester.email}.` : 'The customer has been notified.',
      });
    } catch (e) {
      toast.error('Error', { description: errorMessage(e) });
      throw e;
    }
  }

  return (
    <div className="space-y-6">
      {back}
      <header className="space-y-3">
        <h1 className="break-words text-2xl font-extrabold sm:text-3xl">{ticket.subject}</h1>
        <p className="text-sm text-muted">
          #{ticket.reference} · {categoryLabel(ticket.category)} · Opened <TicketTime iso={ticket.createdAt} />
          {ticket.server && <> · Server: {ticket.server.name}</>}
        </p>
        <div className="flex flex-wrap gap-2">
          <TicketStatusBadge status={ticket.status} />
          <TicketPriorityBadge priority={ticket.priority} />
        </div>
        <p className="text-sm">
          <span className="text-muted">From: </span>
          <RequesterLabel requester={ticket.requester} />
        </p>
      </header>

      <Card className="p-4 sm:p-5">
        <StatusForm key={ticket.status} id={ticket.id} status={ticket.status} />
      </Card>

      <section aria-labelledby="thread-heading">
        <h2 id="thread-heading" className="sr-only">
          Conversation
        </h2>
        <TicketThread messages={ticket.messages} viewer="staff" />
      </section>

      <Card>
        <h2 className="mb-3 text-lg font-bold">Reply as staff</h2>
        <ReplyBox
          onSend={send}
          pending={reply.isPending}
          error={fieldErrors(reply.error).body}
          hint={
            ticket.requester.kind === 'guest'
              ? `Guest ticket: the reply is emailed to ${ticket.requester.email}. The ticket becomes pending.`
              : 'The customer sees it in their dashboard and gets an email. The ticket becomes pending.'
          }
        />
      </Card>
    </div>
  );
}
