import { LogOut, MailOpen } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { refusalMessage } from '../../../../lib/field-message';
import { useT } from '../../../../lib/i18n';
import { useAcceptInvitation } from '../../api/accept-invitation';
import type { SharedWithMe } from '../../api/get-shared-servers';
import { useLeaveServer } from '../../api/leave-server';
import { formatDateTime } from '../../format';
import type { ServerDialog } from '../server-actions';
import { ServerCard } from '../server-card';
import { permissionList } from './permission-picker';

function LeaveServer({ serverId, serverName }: { serverId: string; serverName: string }) {
  const t = useT();
  const leave = useLeaveServer();
  const [confirming, setConfirming] = useState(false);
  if (!confirming) {
    return (
      <Button size="sm" variant="ghost" onClick={() => setConfirming(true)}>
        <LogOut className="h-4 w-4" aria-hidden="true" />
        {t('share.leave')} <span className="sr-only">{serverName}</span>
      </Button>
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-2" role="group" aria-label={t('share.leaveLabel', { server: serverName })}>
      <span className="text-xs text-muted">{t('share.leaveConfirm', { server: serverName })}</span>
      <Button
        size="sm"
        variant="danger"
        disabled={leave.isPending}
        onClick={() =>
          leave.mutate(serverId, {
            onSuccess: () => toast.success(t('share.left'), { description: t('share.leftText', { server: serverName }) }),
            onError: (error) => toast.error(t('share.leaveFailed'), { description: refusalMessage(error) }),
          })
        }
      >
        {t('share.confirmLeave')}
      </Button>
      <Button size="sm" variant="ghost" onClick={() => setConfirming(false)}>
        {t('share.stay')}
      </Button>
    </div>
  );
}

/** My Services' second section: servers other people share with you, and invitations to your address. */
export function SharedWithYou({
  data,
  anchored,
  onOpen,
}: {
  data: SharedWithMe;
  anchored?: string;
  onOpen: (dialog: ServerDialog, serverId: string) => void;
}) {
  const t = useT();
  const headingId = useId();
  const accept = useAcceptInvitation();
  if (data.servers.length === 0 && data.invitations.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <div>
        <h2 id={headingId} className="text-xl font-bold">
          {t('share.withYou')}
        </h2>
        <p className="mt-1 text-sm text-muted">{t('share.withYouIntro')}</p>
      </div>
      {data.invitations.length > 0 && (
        <ul className="space-y-3" aria-label={t('share.invitations')}>
          {data.invitations.map((invite) => (
            <li key={invite.id}>
              <Card className="flex flex-wrap items-center justify-between gap-3 p-4">
                <div className="flex min-w-0 gap-3">
                  <MailOpen className="mt-0.5 h-5 w-5 shrink-0 text-violet" aria-hidden="true" />
                  <div className="min-w-0">
                    <p className="font-semibold">
                      {t('share.invitedYou', { owner: invite.ownerName, server: invite.serverName })}
                    </p>
                    <p className="text-xs text-muted">
                      {t('share.inviteValid', { game: invite.gameName, permissions: permissionList(invite.permissions), date: formatDateTime(invite.expiresAt) })}
                    </p>
                  </div>
                </div>
                <Button
                  size="sm"
                  disabled={accept.isPending}
                  onClick={() =>
                    accept.mutate(
                      { inviteId: invite.id },
                      {
                        onSuccess: (r) => toast.success(t('share.accepted'), { description: t('share.acceptedText', { server: r.serverName }) }),
                        onError: (error) => toast.error(t('share.acceptFailed'), { description: refusalMessage(error) }),
                      },
                    )
                  }
                >
                  {t('share.accept')} <span className="sr-only">{t('share.acceptFor', { server: invite.serverName })}</span>
                </Button>
              </Card>
            </li>
          ))}
        </ul>
      )}
      {data.servers.map((server) => (
        <ServerCard
          key={server.id}
          server={server}
          access={{ role: 'subuser', permissions: server.permissions, ownerName: server.ownerName }}
          highlighted={server.id === anchored}
          headingLevel={3}
          onOpen={(dialog) => onOpen(dialog, server.id)}
        >
          <div className="border-t border-line pt-4">
            <LeaveServer serverId={server.id} serverName={server.name} />
          </div>
        </ServerCard>
      ))}
    </section>
  );
}
