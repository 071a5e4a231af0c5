import { Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import type { ServerPermission } from '../../../../../shared/schemas/server-sharing';
import { Badge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { refusalMessage } from '../../../../lib/field-message';
import { useT } from '../../../../lib/i18n';
import { useChangeShare } from '../../api/change-share';
import type { Share } from '../../api/get-shares';
import { useRevokeShare } from '../../api/revoke-share';
import { formatDateTime } from '../../format';
import { PermissionPicker, permissionList } from './permission-picker';

type Mode = { kind: 'edit'; shareId: string; permissions: ServerPermission[]; error?: string } | { kind: 'revoke'; shareId: string } | null;

function stateOf(share: Share, now: number): { kind: 'active' | 'expired' | 'invited'; tone: 'green' | 'yellow' | 'grey' } {
  if (share.status === 'active') return { kind: 'active', tone: 'green' };
  if (new Date(share.expiresAt).getTime() <= now) return { kind: 'expired', tone: 'grey' };
  return { kind: 'invited', tone: 'yellow' };
}

/** The people a server is shared with: change what they can do, or remove them (after a confirmation). */
export function ShareList({ serverId, serverName, shares }: { serverId: string; serverName: string; shares: Share[] }) {
  const t = useT();
  const change = useChangeShare(serverId);
  const revoke = useRevokeShare(serverId);
  const [mode, setMode] = useState<Mode>(null);
  const [now] = useState(() => Date.now());

  if (shares.length === 0) return <p className="mt-2 text-sm text-muted">{t('share.none')}</p>;

  function save(share: Share, permissions: ServerPermission[]) {
    if (permissions.length === 0) {
      setMode({ kind: 'edit', shareId: share.id, permissions, error: t('share.choosePermission') });
      return;
    }
    change.mutate(
      { shareId: share.id, permissions },
      {
        onSuccess: ({ share: updated }) => {
          setMode(null);
          toast.success(t('share.changed'), { description: t('share.changedText', { email: updated.email, permissions: permissionList(updated.permissions) }) });
        },
        onError: (error) => setMode({ kind: 'edit', shareId: share.id, permissions, error: refusalMessage(error) }),
      },
    );
  }

  function remove(share: Share) {
    revoke.mutate(share.id, {
      onSuccess: () => {
        setMode(null);
        toast.success(share.status === 'active' ? t('share.removed') : t('share.withdrawn'), {
          description:
            share.status === 'active'
              ? t('share.removedText', { email: share.email, server: serverName })
              : t('share.withdrawnText', { email: share.email }),
        });
      },
      onError: (error) => toast.error(t('share.removeFailed'), { description: refusalMessage(error) }),
    });
  }

  return (
    <ul className="mt-3 divide-y divide-line rounded-lg border border-line" aria-label={t('share.people')}>
      {shares.map((share) => {
        const state = stateOf(share, now);
        const who = share.name ? `${share.name} (${share.email})` : share.email;
        const editing = mode?.kind === 'edit' && mode.shareId === share.id ? mode : null;
        const confirming = mode?.kind === 'revoke' && mode.shareId === share.id;
        const active = share.status === 'active';
        return (
          <li key={share.id} className="space-y-3 p-3">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div className="min-w-0">
                <p className="break-all text-sm font-semibold">{who}</p>
                <p className="text-xs text-muted">
                  {permissionList(share.permissions)} ·{' '}
                  {share.status === 'active' && share.acceptedAt ? (
                    <>
                      <time dateTime={share.acceptedAt}>{t('share.since', { date: formatDateTime(share.acceptedAt) })}</time>
                    </>
                  ) : (
                    <>
                      <time dateTime={share.expiresAt}>{t('share.validUntil', { date: formatDateTime(share.expiresAt) })}</time>
                    </>
                  )}
                </p>
              </div>
              <Badge tone={state.tone}>{t(`share.state.${state.kind}`)}</Badge>
            </div>
            {state.kind === 'expired' && !confirming && (
              <p className="text-xs text-muted">{t('share.expiredHint', { email: share.email })}</p>
            )}
            {editing ? (
              <div className="space-y-3">
                <PermissionPicker
                  legend={t('share.legendFor', { email: share.email })}
                  value={editing.permissions}
                  error={editing.error}
                  disabled={change.isPending}
                  onChange={(permissions) => setMode({ kind: 'edit', shareId: share.id, permissions })}
                />
                <div className="flex flex-wrap gap-2">
                  <Button size="sm" disabled={change.isPending} onClick={() => save(share, editing.permissions)}>
                    {change.isPending ? t('common.saving') : t('share.save')}
                  </Button>
                  <Button size="sm" variant="ghost" onClick={() => setMode(null)}>
                    {t('common.cancel')}
                  </Button>
                </div>
              </div>
            ) : confirming ? (
              <div className="flex flex-wrap items-center gap-2" role="group" aria-label={t('share.confirmFor', { email: share.email })}>
                <span className="text-xs text-muted">
                  {active ? t('share.confirmRemove', { email: share.email, server: serverName }) : t('share.confirmWithdraw', { email: share.email })}
                </span>
                <Button size="sm" variant="danger" disabled={revoke.isPending} onClick={() => remove(share)}>
                  {active ? t('share.confirmRemoveButton') : t('share.confirmWithdrawButton')} <span className="sr-only">{share.email}</span>
                </Button>
                <Button size="sm" variant="ghost" onClick={() => setMode(null)}>
                  {t('share.keep')}
                </Button>
              </div>
            ) : (
              <div className="flex flex-wrap gap-2">
                <Button size="sm" variant="outline" onClick={() => setMode({ kind: 'edit', shareId: share.id, permissions: share.permissions })}>
                  <Pencil className="h-4 w-4" aria-hidden="true" />
                  {t('share.changeAccess')} <span className="sr-only">{t('share.of', { email: share.email })}</span>
                </Button>
                <Button size="sm" variant="ghost" onClick={() => setMode({ kind: 'revoke', shareId: share.id })}>
                  <Trash2 className="h-4 w-4" aria-hidden="true" />
                  {active ? t('share.remove') : t('share.withdraw')} <span className="sr-only">{share.email}</span>
                </Button>
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
