import { Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import type { ServerPermission } from '../../../../../shared/schemas/server-sharing';
import { Badge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { errorMessage } from '../../../../lib/errors';
import { useChangeShare } from '../../api/change-share';
import type { Share } from '../../api/get-shares';
import { useRevokeShare } from '../../api/revoke-share';
import { formatDateTime } from '../../format';
import { PermissionPicker, permissionList } from './permission-picker';

type Mode = { kind: 'edit'; shareId: string; permissions: ServerPermission[]; error?: string } | { kind: 'revoke'; shareId: string } | null;

function stateOf(share: Share, now: number): { label: string; tone: 'green' | 'yellow' | 'grey' } {
  if (share.status === 'active') return { label: 'Has access', tone: 'green' };
  if (new Date(share.expiresAt).getTime() <= now) return { label: 'Invitation expired', tone: 'grey' };
  return { label: 'Invited', tone: 'yellow' };
}

/** The people a server is shared with: change what they can do, or remove them (after a confirmation). */
export function ShareList({ serverId, serverName, shares }: { serverId: string; serverName: string; shares: Share[] }) {
  const change = useChangeShare(serverId);
  const revoke = useRevokeShare(serverId);
  const [mode, setMode] = useState<Mode>(null);
  const [now] = useState(() => Date.now());

  if (shares.length === 0) return <p className="mt-2 text-sm text-muted">Nobody else has access yet.</p>;

  function save(share: Share, permissions: ServerPermission[]) {
    if (permissions.length === 0) {
      setMode({ kind: 'edit', shareId: share.id, permissions, error: 'Choose at least one permission' });
      return;
    }
    change.mutate(
      { shareId: share.id, permissions },
      {
        onSuccess: ({ share: updated }) => {
          setMode(null);
          toast.success('Access Changed', { description: `${updated.email} can now use: ${permissionList(updated.permissions)}.` });
        },
        onError: (error) => setMode({ kind: 'edit', shareId: share.id, permissions, error: errorMessage(error) }),
      },
    );
  }

  function remove(share: Share) {
    revoke.mutate(share.id, {
      onSuccess: () => {
        setMode(null);
        toast.success(share.status === 'active' ? 'Access Removed' : 'Invitation Withdrawn', {
          description:
            share.status === 'active' ? `${share.email} can no longer use ${serverName}.` : `The invitation to ${share.email} no longer works.`,
        });
      },
      onError: (error) => toast.error('Could Not Remove', { description: errorMessage(error) }),
    });
  }

  return (
    <ul className="mt-3 divide-y divide-line rounded-lg border border-line" aria-label="People with access">
      {shares.map((share) => {
        const state = stateOf(share, now);
        const who = share.name ? `${share.name} (${share.email})` : share.email;
        const editing = mode?.kind === 'edit' && mode.shareId === share.id ? mode : null;
        const confirming = mode?.kind === 'revoke' && mode.shareId === share.id;
        const removeWord = share.status === 'active' ? 'Remove' : 'Withdraw';
        return (
          <li key={share.id} className="space-y-3 p-3">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div className="min-w-0">
                <p className="break-all text-sm font-semibold">{who}</p>
                <p className="text-xs text-muted">
                  {permissionList(share.permissions)} ·{' '}
                  {share.status === 'active' && share.acceptedAt ? (
                    <>
                      since <time dateTime={share.acceptedAt}>{formatDateTime(share.acceptedAt)}</time>
                    </>
                  ) : (
                    <>
                      link valid until <time dateTime={share.expiresAt}>{formatDateTime(share.expiresAt)}</time>
                    </>
                  )}
                </p>
              </div>
              <Badge tone={state.tone}>{state.label}</Badge>
            </div>
            {state.label === 'Invitation expired' && !confirming && (
              <p className="text-xs text-muted">The link has expired. Withdraw it, then invite {share.email} again.</p>
            )}
            {editing ? (
              <div className="space-y-3">
                <PermissionPicker
                  legend={`What ${share.email} can do`}
                  value={editing.permissions}
                  error={editing.error}
                  disabled={change.isPending}
                  onChange={(permissions) => setMode({ kind: 'edit', shareId: share.id, permissions })}
                />
                <div className="flex flex-wrap gap-2">
                  <Button size="sm" disabled={change.isPending} onClick={() => save(share, editing.permissions)}>
                    {change.isPending ? 'Saving...' : 'Save access'}
                  </Button>
                  <Button size="sm" variant="ghost" onClick={() => setMode(null)}>
                    Cancel
                  </Button>
                </div>
              </div>
            ) : confirming ? (
              <div className="flex flex-wrap items-center gap-2" role="group" aria-label={`Confirm for ${share.email}`}>
                <span className="text-xs text-muted">
                  {share.status === 'active' ? `Remove ${share.email}'s access to ${serverName}?` : `Withdraw the invitation to ${share.email}?`}
                </span>
                <Button size="sm" variant="danger" disabled={revoke.isPending} onClick={() => remove(share)}>
                  Confirm {removeWord.toLowerCase()} <span className="sr-only">{share.email}</span>
                </Button>
                <Button size="sm" variant="ghost" onClick={() => setMode(null)}>
                  Keep
                </Button>
              </div>
            ) : (
              <div className="flex flex-wrap gap-2">
                <Button size="sm" variant="outline" onClick={() => setMode({ kind: 'edit', shareId: share.id, permissions: share.permissions })}>
                  <Pencil className="h-4 w-4" aria-hidden="true" />
                  Change access <span className="sr-only">of {share.email}</span>
                </Button>
                <Button size="sm" variant="ghost" onClick={() => setMode({ kind: 'revoke', shareId: share.id })}>
                  <Trash2 className="h-4 w-4" aria-hidden="true" />
                  {removeWord} <span className="sr-only">{share.email}</span>
                </Button>
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
