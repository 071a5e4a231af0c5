import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { staffRoles, type StaffRole } from '../../../../../shared/permissions';
import { staffReasonSchema, type StaffMember } from '../../../../../shared/schemas/admin/staff';
import { Button } from '../../../../components/ui/button';
import { Dialog } from '../../../../components/ui/dialog';
import { Field, Textarea } from '../../../../components/ui/field';
import { Select } from '../../../../components/ui/select';
import { errorMessage } from '../../../../lib/errors';
import { useChangeStaffRole } from '../api/change-staff-role';
import { useRemoveStaff } from '../api/remove-staff';
import { roleDescriptions, roleLabel } from './staff-format';

function ReasonField({ value, onChange, error }: { value: string; onChange: (v: string) => void; error?: string }) {
  return (
    <Field label="Reason" error={error} hint="Kept in the audit log. At least 3 characters.">
      {({ id, describedBy }) => (
        <Textarea id={id} rows={3} required aria-invalid={Boolean(error)} aria-describedby={describedBy} value={value} onChange={(e) => onChange(e.target.value)} />
      )}
    </Field>
  );
}

function checkReason(reason: string): string | undefined {
  const parsed = staffReasonSchema.safeParse(reason);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

export function ChangeRoleDialog({ member, onClose }: { member: StaffMember; onClose: () => void }) {
  const [role, setRole] = useState<StaffRole>(member.role === 'admin' ? 'billing' : member.role === 'billing' ? 'support' : 'billing');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const change = useChangeStaffRole();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = checkReason(reason);
    setError(problem);
    if (problem) return;
    try {
      await change.mutateAsync({ id: member.id, role, reason: reason.trim() });
      toast.success('Role changed', { description: `${member.email} is now ${roleLabel(role)}.` });
      onClose();
    } catch (e) {
      toast.error('Could not change the role', { description: errorMessage(e) });
    }
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={`Change the role of ${member.email}`} description={`Currently ${roleLabel(member.role)}.`}>
      <form className="space-y-4" onSubmit={(e) => void submit(e)} noValidate>
        <Field label="New role" hint={roleDescriptions[role]}>
          {({ id, describedBy }) => (
            <Select id={id} aria-describedby={describedBy} value={role} onChange={(e) => setRole(e.target.value as StaffRole)}>
              {staffRoles.map((r) => (
                <option key={r} value={r} disabled={r === member.role}>
                  {roleLabel(r)}
                  {r === member.role ? ' (current)' : ''}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <ReasonField value={reason} onChange={setReason} error={error} />
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={change.isPending}>
            {change.isPending ? 'Saving...' : 'Change role'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

export function RemoveStaffDialog({ member, onClose }: { member: StaffMember; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const remove = useRemoveStaff();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = checkReason(reason);
    setError(problem);
    if (problem) return;
    try {
      await remove.mutateAsync({ id: member.id, reason: reason.trim() });
      toast.success('Staff access removed', { description: `${member.email} is a customer again and was signed out everywhere.` });
      onClose();
    } catch (e) {
      toast.error('Could not remove access', { description: errorMessage(e) });
    }
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Remove staff access for ${member.email}?`}
      description="Their account stays, as a customer account, and every session they have is signed out."
    >
      <form className="space-y-4" onSubmit={(e) => void submit(e)} noValidate>
        <ReasonField value={reason} onChange={setReason} error={error} />
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" disabled={remove.isPending}>
            {remove.isPending ? 'Removing...' : 'Remove access'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
