import { CheckCircle2, Loader2, Users, XCircle } from 'lucide-react';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Button, ButtonLink } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { errorMessage } from '../../../../lib/errors';
import { useSession } from '../../../../lib/session';
import { useAcceptInvitation } from '../../api/accept-invitation';
import { useInvitation, type InvitePreview } from '../../api/get-invitation';
import { permissionList } from './permission-picker';

const problems: Record<Exclude<InvitePreview['state'], 'valid'>, (p: InvitePreview, me: string) => { title: string; text: string }> = {
  expired: () => ({ title: 'This invitation has expired', text: 'Invitations work for 7 days. Ask the owner to invite you again.' }),
  used: () => ({ title: 'This invitation was already used', text: 'If it was you, the server is on My Services under "Shared with you".' }),
  revoked: () => ({
    title: 'This invitation no longer works',
    text: 'It was already used, or the owner withdrew it. If you accepted it, the server is on My Services under "Shared with you".',
  }),
  wrong_account: (p, me) => ({
    title: 'This invitation is for another address',
    text: `It was sent to ${p.email ?? 'another address'}, and you are signed in as ${me}. Sign out, then sign in or create an account with ${p.email ?? 'that address'} and open the link again.`,
  }),
};

/** /dashboard/shared/accept?token=…: the emailed link, opened after signing in (or up) with the invited address. */
export default function AcceptInvitationPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { user } = useSession();
  const navigate = useNavigate();
  const preview = useInvitation(token);
  const accept = useAcceptInvitation();

  function acceptIt() {
    accept.mutate(
      { token },
      {
        onSuccess: ({ serverId, serverName }) => {
          toast.success('Invitation Accepted', { description: `${serverName} is now on your My Services, under "Shared with you".` });
          navigate(`/dashboard/services#server-${serverId}`);
        },
      },
    );
  }

  let body;
  if (!token) {
    body = <Problem title="This link is incomplete" text="It is missing its code. Open the link from the email again, or find the invitation on My Services." />;
  } else if (preview.isPending) {
    body = (
      <p role="status" className="flex items-center justify-center gap-2 py-10 text-muted">
        <Loader2 className="h-5 w-5 animate-spin" aria-hidden="true" /> Checking your invitation...
      </p>
    );
  } else if (preview.isError) {
    body = <Problem title="We could not check this invitation" text={errorMessage(preview.error)} />;
  } else if (preview.data.state !== 'valid') {
    const p = problems[preview.data.state](preview.data, user?.email ?? '');
    body = <Problem title={p.title} text={p.text} />;
  } else {
    const invite = preview.data;
    body = (
      <div className="text-center">
        <Users className="mx-auto h-12 w-12 text-violet" aria-hidden="true" />
        <h1 className="mt-4 text-2xl font-bold">Help run {invite.serverName}</h1>
        <p className="mt-2 text-sm text-muted">
          {invite.ownerName} invited you to their game server with access to: {permissionList(invite.permissions)}. They keep the billing: you never pay
          for it.
        </p>
        {accept.isError && (
          <p role="alert" className="mt-4 rounded-lg border border-danger/40 bg-danger/10 p-3 text-sm">
            {errorMessage(accept.error)}
          </p>
        )}
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Button onClick={acceptIt} disabled={accept.isPending}>
            {accept.isPending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <CheckCircle2 className="h-4 w-4" aria-hidden="true" />}
            Accept invitation
          </Button>
          <ButtonLink to="/dashboard/services" variant="ghost">
            Not now
          </ButtonLink>
        </div>
      </div>
    );
  }
  return <Card className="mx-auto max-w-lg">{body}</Card>;
}

function Problem({ title, text }: { title: string; text: string }) {
  return (
    <div className="text-center">
      <XCircle className="mx-auto h-12 w-12 text-danger" aria-hidden="true" />
      <h1 className="mt-4 text-2xl font-bold">{title}</h1>
      <p className="mt-2 text-sm text-muted">{text}</p>
      <ButtonLink to="/dashboard/services" className="mt-6">
        Go to My Services
      </ButtonLink>
    </div>
  );
}
