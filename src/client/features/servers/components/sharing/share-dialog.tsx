import { Send } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { shareInviteSchema, type ServerPermission } from '../../../../../shared/schemas/server-sharing';
import { Button } from '../../../../components/ui/button';
import { Dialog } from '../../../../components/ui/dialog';
import { Field, Input } from '../../../../components/ui/field';
import { ApiError } from '../../../../lib/api-client';
import { errorMessage } from '../../../../lib/errors';
import { useSession } from '../../../../lib/session';
import { useShares } from '../../api/get-shares';
import type { ServerBasics } from '../../api/get-servers';
import { useInviteToServer } from '../../api/invite-to-server';
import { PermissionPicker, permissionList } from './permission-picker';
import { ShareList } from './share-list';

interface FormErrors {
  email?: string;
  permissions?: string;
  form?: string;
}

/** The invitation form's own checks: the shared schema, then yourself and people already on the list. */
export function inviteProblems(
  input: { email: string; permissions: ServerPermission[] },
  context: { ownEmail?: string; invited: string[] },
): FormErrors {
  const parsed = shareInviteSchema.safeParse(input);
  const errors: FormErrors = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.path[0] === 'permissions' ? 'permissions' : 'email';
      errors[key] ??= issue.message;
    }
    return errors;
  }
  const email = parsed.data.email;
  if (context.ownEmail && email === context.ownEmail.toLowerCase()) errors.email = 'You already own this server';
  else if (context.invited.includes(email)) errors.email = `${email} already has access or an invitation: change their permissions below instead.`;
  return errors;
}

/** 'Share' on a server card: invite a person by email, and change or remove who has access. */
export function ShareDialog({ server, open, onOpenChange }: { server: ServerBasics; open: boolean; onOpenChange: (open: boolean) => void }) {
  const { user } = useSession();
  const shares = useShares(server.id, open);
  const invite = useInviteToServer(server.id);
  const [email, setEmail] = useState('');
  const [permissions, setPermissions] = useState<ServerPermission[]>(['console']);
  const [errors, setErrors] = useState<FormErrors>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    const invited = (shares.data?.shares ?? []).map((s) => s.email.toLowerCase());
    const problems = inviteProblems({ email, permissions }, { ownEmail: user?.email, invited });
    setErrors(problems);
    if (problems.email || problems.permissions) return;
    invite.mutate(
      { email: email.trim(), permissions },
      {
        onSuccess: ({ share }) => {
          setEmail('');
          setPermissions(['console']);
          toast.success('Invitation Sent', { description: `${share.email} can now accept access to ${server.name} (${permissionList(share.permissions)}).` });
        },
        onError: (error) => {
          const fields = error instanceof ApiError && error.status < 500 ? (error.fields ?? {}) : {};
          if (error instanceof ApiError && error.code === 'already_shared') setErrors({ email: error.message });
          else if (fields.email || fields.permissions) setErrors({ email: fields.email, permissions: fields.permissions });
          else setErrors({ form: errorMessage(error) });
        },
      },
    );
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Share: ${server.name}`}
      description="Invite someone to help run this server. You keep the billing: they never see invoices and cannot cancel or change the plan."
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <Field label="Their email address" error={errors.email}>
          {({ id, describedBy }) => (
            <Input
              id={id}
              type="email"
              autoComplete="off"
              value={email}
              maxLength={254}
              placeholder="friend@example.com"
              aria-invalid={errors.email ? true : undefined}
              aria-describedby={describedBy}
              onChange={(e) => setEmail(e.target.value)}
            />
          )}
        </Field>
        <PermissionPicker legend="What they can do" value={permissions} onChange={setPermissions} error={errors.permissions} />
        {errors.form && (
          <p role="alert" className="rounded-lg border border-danger/40 bg-danger/10 p-3 text-sm">
            {errors.form}
          </p>
        )}
        <Button type="submit" disabled={invite.isPending}>
          <Send className="h-4 w-4" aria-hidden="true" />
          {invite.isPending ? 'Sending...' : 'Send invitation'}
        </Button>
      </form>

      <section aria-labelledby={`share-list-${server.id}`} className="mt-6">
        <h3 id={`share-list-${server.id}`} className="text-base font-bold">
          People with access
        </h3>
        {shares.isPending && (
          <p role="status" className="mt-2 text-sm text-muted">
            Loading who has access...
          </p>
        )}
        {shares.isError && <p className="mt-2 text-sm text-muted">We could not load who has access right now. Try again in a moment.</p>}
        {shares.data && <ShareList serverId={server.id} serverName={server.name} shares={shares.data.shares} />}
      </section>
    </Dialog>
  );
}
