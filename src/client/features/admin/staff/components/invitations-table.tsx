import { toast } from 'sonner';
import type { StaffInvitation } from '../../../../../shared/schemas/admin/staff';
import { Badge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { errorMessage } from '../../../../lib/errors';
import { useResendInvitation } from '../api/resend-invitation';
import { useRevokeInvitation } from '../api/revoke-invitation';
import { formatWhen, roleLabel } from './staff-format';

/** Invitations not yet accepted: resend a fresh link, or revoke. */
export function InvitationsTable({ invitations }: { invitations: StaffInvitation[] }) {
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();

  async function onResend(invitation: StaffInvitation) {
    try {
      const result = await resend.mutateAsync(invitation.id);
      if (result.emailSent) toast.success('Invitation sent again', { description: `A new link went to ${invitation.email}; the old one no longer works.` });
      else toast.error('Email not sent', { description: 'The invitation has a new link, but the email could not be sent. Try again shortly.' });
    } catch (error) {
      toast.error('Could not resend', { description: errorMessage(error) });
    }
  }

  async function onRevoke(invitation: StaffInvitation) {
    try {
      await revoke.mutateAsync(invitation.id);
      toast.success('Invitation revoked', { description: `The link sent to ${invitation.email} no longer works.` });
    } catch (error) {
      toast.error('Could not revoke', { description: errorMessage(error) });
    }
  }

  if (invitations.length === 0) return <p className="text-sm text-muted">No invitations are waiting.</p>;
  return (
    <div className="overflow-x-auto rounded-2xl border border-line">
      <table className="w-full min-w-[640px] text-left text-sm">
        <caption className="sr-only">Pending invitations</caption>
        <thead className="bg-surface-2 text-xs uppercase tracking-wide text-muted">
          <tr>
            <th scope="col" className="px-4 py-3">Email</th>
            <th scope="col" className="px-4 py-3">Role</th>
            <th scope="col" className="px-4 py-3">Invited by</th>
            <th scope="col" className="px-4 py-3">Link</th>
            <th scope="col" className="px-4 py-3"><span className="sr-only">Actions</span></th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {invitations.map((inv) => (
            <tr key={inv.id}>
              <td className="break-all px-4 py-3 font-medium">{inv.email}</td>
              <td className="px-4 py-3">{roleLabel(inv.role)}</td>
              <td className="px-4 py-3 text-muted">{inv.invitedByEmail ?? 'Unknown'}</td>
              <td className="px-4 py-3">
                {inv.expired ? <Badge tone="red">Expired</Badge> : <span className="text-muted">Expires {formatWhen(inv.expiresAt)}</span>}
              </td>
              <td className="px-4 py-3">
                <div className="flex justify-end gap-2">
                  <Button size="sm" variant="outline" disabled={resend.isPending} onClick={() => void onResend(inv)} aria-label={`Resend the invitation to ${inv.email}`}>
                    Resend
                  </Button>
                  <Button size="sm" variant="ghost" disabled={revoke.isPending} onClick={() => void onRevoke(inv)} aria-label={`Revoke the invitation to ${inv.email}`}>
                    Revoke
                  </Button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
