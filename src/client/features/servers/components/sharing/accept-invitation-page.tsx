import { CheckCircle2, Loader2, Users, XCircle } from 'lucide-react';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Button, ButtonLink } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { SERVER_INVITE_DAYS } from '../../../../../shared/schemas/server-sharing';
import { refusalMessage } from '../../../../lib/field-message';
import { translate, useT } from '../../../../lib/i18n';
import { useSession } from '../../../../lib/session';
import { useAcceptInvitation } from '../../api/accept-invitation';
import { useInvitation, type InvitePreview } from '../../api/get-invitation';
import { permissionList } from './permission-picker';

const problems: Record<Exclude<InvitePreview['state'], 'valid'>, (p: InvitePreview, me: string) => { title: string; text: string }> = {
  expired: () => ({ title: translate('invite.expired.title'), text: translate('invite.expired.text', { days: SERVER_INVITE_DAYS }) }),
  used: () => ({ title: translate('invite.used.title'), text: translate('invite.used.text') }),
  revoked: () => ({ title: translate('invite.revoked.title'), text: translate('invite.revoked.text') }),
  wrong_account: (p, me) => ({
    title: translate('invite.wrong.title'),
    text: translate('invite.wrong.text', { email: p.email ?? translate('invite.anotherAddress'), me }),
  }),
};

/** /dashboard/shared/accept?token=…: the emailed link, opened after signing in (or up) with the invited address. */
export default function AcceptInvitationPage() {
  const t = useT();
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
          toast.success(t('share.accepted'), { description: t('invite.acceptedText', { server: serverName }) });
          navigate(`/dashboard/services#server-${serverId}`);
        },
      },
    );
  }

  let body;
  if (!token) {
    body = <Problem title={t('invite.incomplete.title')} text={t('invite.incomplete.text')} />;
  } else if (preview.isPending) {
    body = (
      <p role="status" className="flex items-center justify-center gap-2 py-10 text-muted">
        <Loader2 className="h-5 w-5 animate-spin" aria-hidden="true" /> {t('invite.checking')}
      </p>
    );
  } else if (preview.isError) {
    body = <Problem title={t('invite.checkFailed')} text={refusalMessage(preview.error)} />;
  } else if (preview.data.state !== 'valid') {
    const p = problems[preview.data.state](preview.data, user?.email ?? '');
    body = <Problem title={p.title} text={p.text} />;
  } else {
    const invite = preview.data;
    body = (
      <div className="text-center">
        <Users className="mx-auto h-12 w-12 text-violet" aria-hidden="true" />
        <h1 className="mt-4 text-2xl font-bold">{t('invite.helpRun', { server: invite.serverName })}</h1>
        <p className="mt-2 text-sm text-muted">
          {t('invite.intro', { owner: invite.ownerName, permissions: permissionList(invite.permissions) })}
        </p>
        {accept.isError && (
          <p role="alert" className="mt-4 rounded-lg border border-danger/40 bg-danger/10 p-3 text-sm">
            {refusalMessage(accept.error)}
          </p>
        )}
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Button onClick={acceptIt} disabled={accept.isPending}>
            {accept.isPending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <CheckCircle2 className="h-4 w-4" aria-hidden="true" />}
            {t('invite.accept')}
          </Button>
          <ButtonLink to="/dashboard/services" variant="ghost">
            {t('invite.notNow')}
          </ButtonLink>
        </div>
      </div>
    );
  }
  return <Card className="mx-auto max-w-lg">{body}</Card>;
}

function Problem({ title, text }: { title: string; text: string }) {
  const t = useT();
  return (
    <div className="text-center">
      <XCircle className="mx-auto h-12 w-12 text-danger" aria-hidden="true" />
      <h1 className="mt-4 text-2xl font-bold">{title}</h1>
      <p className="mt-2 text-sm text-muted">{text}</p>
      <ButtonLink to="/dashboard/services" className="mt-6">
        {t('invite.goServices')}
      </ButtonLink>
    </div>
  );
}
