import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { staffRoles, type StaffRole } from '../../../../../shared/permissions';
import { staffInviteSchema } from '../../../../../shared/schemas/admin/staff';
import { Button } from '../../../../components/ui/button';
import { Dialog } from '../../../../components/ui/dialog';
import { Field, Input } from '../../../../components/ui/field';
import { Select } from '../../../../components/ui/select';
import { errorMessage, fieldErrors } from '../../../../lib/errors';
import { useInviteStaff } from '../api/invite-staff';
import { roleDescriptions, roleLabel } from './staff-format';

/** Email and role; the person gets a link to set their password. */
export function InviteDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRole>('support');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const invite = useInviteStaff();

  function close(next: boolean) {
    if (!next) {
      setEmail('');
      setRole('support');
      setErrors({});
    }
    onOpenChange(next);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = staffInviteSchema.safeParse({ email, role });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    try {
      const result = await invite.mutateAsync(parsed.data);
      if (result.emailSent) {
        toast.success('Invitation sent', { description: `${parsed.data.email} will get a link to join as ${roleLabel(parsed.data.role)}.` });
      } else {
        toast.error('Invitation saved, email not sent', { description: 'We could not send the email. Use Resend in the invitations list.' });
      }
      close(false);
    } catch (error) {
      setErrors(fieldErrors(error));
      toast.error('Could not invite', { description: errorMessage(error) });
    }
  }

  return (
    <Dialog open={open} onOpenChange={close} title="Invite a person" description="They get an email with a link to set their password. The link works for 7 days.">
      <form className="space-y-4" onSubmit={(e) => void submit(e)} noValidate>
        <Field label="Email address" error={errors.email}>
          {({ id, describedBy }) => (
            <Input
              id={id}
              type="email"
              autoComplete="off"
              required
              aria-invalid={Boolean(errors.email)}
              aria-describedby={describedBy}
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          )}
        </Field>
        <Field label="Role" error={errors.role} hint={roleDescriptions[role]}>
          {({ id, describedBy }) => (
            <Select id={id} aria-describedby={describedBy} value={role} onChange={(e) => setRole(e.target.value as StaffRole)}>
              {staffRoles.map((r) => (
                <option key={r} value={r}>
                  {roleLabel(r)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="ghost" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={invite.isPending}>
            {invite.isPending ? 'Sending...' : 'Send invitation'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
