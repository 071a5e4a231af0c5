import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import type { StaffMember } from '../../../../../shared/schemas/admin/staff';
import { Badge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { PageSpinner } from '../../../../components/ui/page-spinner';
import { useSession } from '../../../../lib/session';
import { useStaff } from '../api/get-staff';
import { InvitationsTable } from './invitations-table';
import { InviteDialog } from './invite-dialog';
import { formatDay, formatWhen, roleLabel } from './staff-format';
import { ChangeRoleDialog, RemoveStaffDialog } from './staff-member-dialogs';

type Editing = { kind: 'role' | 'remove'; member: StaffMember } | null;

function StaffTable({ staff, meId, onEdit }: { staff: StaffMember[]; meId?: string; onEdit: (e: Editing) => void }) {
  return (
    <div className="overflow-x-auto rounded-2xl border border-line">
      <table className="w-full min-w-[760px] text-left text-sm">
        <caption className="sr-only">Staff accounts</caption>
        <thead className="bg-surface-2 text-xs uppercase tracking-wide text-muted">
          <tr>
            <th scope="col" className="px-4 py-3">Person</th>
            <th scope="col" className="px-4 py-3">Role</th>
            <th scope="col" className="px-4 py-3">Two-factor</th>
            <th scope="col" className="px-4 py-3">Last sign-in</th>
            <th scope="col" className="px-4 py-3">Added</th>
            <th scope="col" className="px-4 py-3"><span className="sr-only">Actions</span></th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {staff.map((m) => (
            <tr key={m.id}>
              <td className="px-4 py-3">
                <p className="break-all font-medium">
                  {m.email}
                  {m.id === meId && <span className="ml-2 text-xs text-muted">(you)</span>}
                </p>
                {m.name && <p className="text-xs text-muted">{m.name}</p>}
              </td>
              <td className="px-4 py-3">
                <Badge tone={m.role === 'admin' ? 'violet' : 'grey'}>{roleLabel(m.role)}</Badge>
              </td>
              <td className="px-4 py-3">
                <Badge tone={m.twoFactorEnabled ? 'green' : 'yellow'}>{m.twoFactorEnabled ? 'On' : 'Off'}</Badge>
              </td>
              <td className="px-4 py-3 text-muted">{formatWhen(m.lastSignInAt)}</td>
              <td className="px-4 py-3 text-muted">{formatDay(m.createdAt)}</td>
              <td className="px-4 py-3">
                <div className="flex justify-end gap-2">
                  <Button size="sm" variant="outline" onClick={() => onEdit({ kind: 'role', member: m })} aria-label={`Change the role of ${m.email}`}>
                    Change role
                  </Button>
                  <Button size="sm" variant="ghost" onClick={() => onEdit({ kind: 'remove', member: m })} aria-label={`Remove staff access for ${m.email}`}>
                    Remove access
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

/** /admin/staff: who is on the staff, with which role, and the invitations still waiting. Admins only. */
export default function StaffPage() {
  const { data, isError } = useStaff();
  const { user } = useSession();
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<Editing>(null);

  return (
    <div className="space-y-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-extrabold sm:text-3xl">Staff</h1>
          <p className="mt-1 text-muted">Invite people, change what they can do, or remove their access. Every change is in the audit log.</p>
        </div>
        <Button onClick={() => setInviting(true)}>
          <UserPlus className="h-4 w-4" aria-hidden="true" />
          Invite a person
        </Button>
      </div>

      {isError && <p className="text-danger">We could not load the staff list. Please refresh the page.</p>}
      {!data && !isError && <PageSpinner label="Loading staff..." />}
      {data && (
        <>
          <section aria-labelledby="staff-accounts" className="space-y-3">
            <h2 id="staff-accounts" className="text-lg font-bold">
              Staff accounts ({data.staff.length})
            </h2>
            <StaffTable staff={data.staff} meId={user?.id} onEdit={setEditing} />
          </section>
          <section aria-labelledby="staff-invitations" className="space-y-3">
            <h2 id="staff-invitations" className="text-lg font-bold">
              Pending invitations ({data.invitations.length})
            </h2>
            <InvitationsTable invitations={data.invitations} />
          </section>
        </>
      )}

      <InviteDialog open={inviting} onOpenChange={setInviting} />
      {editing?.kind === 'role' && <ChangeRoleDialog member={editing.member} onClose={() => setEditing(null)} />}
      {editing?.kind === 'remove' && <RemoveStaffDialog member={editing.member} onClose={() => setEditing(null)} />}
    </div>
  );
}
