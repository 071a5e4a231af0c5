import { useState } from 'react';
import { toast } from 'sonner';
import type { CustomerEmail } from '../../../../../shared/schemas/admin/customers';
import { Badge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { useCustomerEmails, useResendCustomerEmail } from '../api/customer-emails';
import { useCan } from '../../components/use-can';
import { formatDateTime } from './format';
import { ReasonDialog } from './reason-dialog';
import { SectionTable } from './section-table';

const statusLabels: Record<CustomerEmail['status'], { label: string; tone: 'green' | 'yellow' | 'red' | 'grey' }> = {
  queued: { label: 'Queued', tone: 'grey' },
  retrying: { label: 'Retrying', tone: 'yellow' },
  sent: { label: 'Sent', tone: 'green' },
  failed: { label: 'Failed', tone: 'red' },
};

function State({ email }: { email: CustomerEmail }) {
  const status = statusLabels[email.status];
  return (
    <div className="space-y-1">
      <Badge tone={status.tone}>{status.label}</Badge>
      <p className="text-xs text-muted">
        {email.status === 'sent' ? formatDateTime(email.sentAt) : `${email.attempts} ${email.attempts === 1 ? 'try' : 'tries'}`}
      </p>
      {email.lastError && email.status !== 'sent' && <p className="max-w-xs text-xs text-danger">{email.lastError}</p>}
    </div>
  );
}

/** What the outbox sent the customer, each email's delivery state, and Resend (decision 057). */
export function EmailsSection({ customerId }: { customerId: string }) {
  const { data, isError } = useCustomerEmails(customerId);
  const resend = useResendCustomerEmail(customerId);
  const canResend = useCan('customers.access');
  const [chosen, setChosen] = useState<CustomerEmail | null>(null);

  const rows = data?.emails ?? [];
  const empty = isError ? 'The emails could not be loaded. Reload the page to try again.' : data ? 'No emails have been sent to this customer.' : 'Loading emails…';
  return (
    <>
      <SectionTable
        title="Emails"
        rows={rows}
        empty={empty}
        note={<p className="text-xs text-muted">The newest 100. Bodies are not shown: they can hold a customer's sign-in links.</p>}
        columns={[
          { label: 'Queued at', cell: (e) => formatDateTime(e.createdAt) },
          {
            label: 'Subject',
            cell: (e) => (
              <div>
                <p>{e.subject}</p>
                <p className="text-xs text-muted">
                  To {e.to}
                  {e.attachments.length > 0 && ` · attached: ${e.attachments.join(', ')}`}
                  {e.resendOf && ' · a resend'}
                </p>
              </div>
            ),
          },
          { label: 'State', cell: (e) => <State email={e} /> },
          ...(canResend
            ? [
                {
                  label: 'Action',
                  cell: (e: CustomerEmail) => (
                    <Button size="sm" variant="secondary" onClick={() => setChosen(e)} aria-label={`Resend "${e.subject}" from ${formatDateTime(e.createdAt)}`}>
                      Resend
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
      {chosen && (
        <ReasonDialog
          open
          onOpenChange={(next) => !next && setChosen(null)}
          title="Resend this email?"
          description={`"${chosen.subject}" is queued again, unchanged, for ${chosen.to}. Links in it keep their original expiry.`}
          confirmLabel="Resend"
          reasonOptional
          pending={resend.isPending}
          onConfirm={async ({ reason }) => {
            const result = await resend.mutateAsync({ emailId: chosen.id, reason: reason || undefined });
            toast.success(result.message);
          }}
        />
      )}
    </>
  );
}
