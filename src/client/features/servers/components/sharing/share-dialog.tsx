import { Send } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { shareInviteSchema, type ServerPermission } from '../../../../../shared/schemas/server-sharing';
import { Button } from '../../../../components/ui/button';
import { Dialog } from '../../../../components/ui/dialog';
import { Field, Input } from '../../../../components/ui/field';
import { ApiError } from '../../../../lib/api-client';
import { messageForCode } from '../../../../lib/errors';
import { fieldMessage, refusalMessage } from '../../../../lib/field-message';
import { translate, useT } from '../../../../lib/i18n';
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
      errors[key] ??= fieldMessage(issue.message);
    }
    return errors;
  }
  const email = parsed.data.email;
  if (context.ownEmail && email === context.ownEmail.toLowerCase()) errors.email = translate('share.ownServer');
  else if (context.invited.includes(email)) errors.email = translate('share.alreadyInvited', { email });
  return errors;
}

/** 'Share' on a server card: invite a person by email, and change or remove who has access. */
export function ShareDialog({ server, open, onOpenChange }: { server: ServerBasics; open: boolean; onOpenChange: (open: boolean) => void }) {
  const t = useT();
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
          toast.success(t('share.sent'), {
            description: t('share.sentText', { email: share.email, server: server.name, permissions: permissionList(share.permissions) }),
          });
        },
        onError: (error) => {
          const fields = error instanceof ApiError && error.status < 500 ? (error.fields ?? {}) : {};
          if (error instanceof ApiError && error.code === 'already_shared') setErrors({ email: messageForCode(error.code, error.message) });
          else if (fields.email || fields.permissions) setErrors({ email: fieldMessage(fields.email), permissions: fieldMessage(fields.permissions) });
          else setErrors({ form: refusalMessage(error) });
        },
      },
    );
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('share.title', { name: server.name })}
      description={t('share.description')}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <Field label={t('share.email')} error={errors.email}>
          {({ id, describedBy }) => (
            <Input
              id={id}
              type="email"
              autoComplete="off"
              value={email}
              maxLength={254}
              placeholder={t('share.emailPlaceholder')}
              aria-invalid={errors.email ? true : undefined}
              aria-describedby={describedBy}
              onChange={(e) => setEmail(e.target.value)}
            />
          )}
        </Field>
        <PermissionPicker legend={t('share.legend')} value={permissions} onChange={setPermissions} error={errors.permissions} />
        {errors.form && (
          <p role="alert" className="rounded-lg border border-danger/40 bg-danger/10 p-3 text-sm">
            {errors.form}
          </p>
        )}
        <Button type="submit" disabled={invite.isPending}>
          <Send className="h-4 w-4" aria-hidden="true" />
          {invite.isPending ? t('share.sending') : t('share.send')}
        </Button>
      </form>

      <section aria-labelledby={`share-list-${server.id}`} className="mt-6">
        <h3 id={`share-list-${server.id}`} className="text-base font-bold">
          {t('share.people')}
        </h3>
        {shares.isPending && (
          <p role="status" className="mt-2 text-sm text-muted">
            {t('share.loading')}
          </p>
        )}
        {shares.isError && <p className="mt-2 text-sm text-muted">{t('share.loadFailed')}</p>}
        {shares.data && <ShareList serverId={server.id} serverName={server.name} shares={shares.data.shares} />}
      </section>
    </Dialog>
  );
}
