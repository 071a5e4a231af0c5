import { Monitor } from 'lucide-react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { errorMessage } from '../../../lib/errors';
import { queryClient } from '../../../lib/query-client';
import { setSessionUser } from '../../../lib/session';
import { useSessions } from '../api/get-sessions';
import { useRevokeSession } from '../api/revoke-session';
import { signOutEverywhere } from '../api/sign-out-everywhere';

function describeAgent(agent: string | null) {
  if (!agent) return 'Unknown device';
  const browser = /Edg\//.test(agent) ? 'Edge' : /Chrome\//.test(agent) ? 'Chrome' : /Firefox\//.test(agent) ? 'Firefox' : /Safari\//.test(agent) ? 'Safari' : 'Browser';
  const os = /Windows/.test(agent) ? 'Windows' : /Mac OS X/.test(agent) ? 'macOS' : /Android/.test(agent) ? 'Android' : /iPhone|iPad/.test(agent) ? 'iOS' : /Linux/.test(agent) ? 'Linux' : '';
  return os ? `${browser} on ${os}` : browser;
}

export function SessionsCard() {
  const { data: sessions, isPending, isError } = useSessions();
  const revoke = useRevokeSession();
  const navigate = useNavigate();

  async function everywhere() {
    try {
      await signOutEverywhere();
    } catch (error) {
      toast.error('Error', { description: errorMessage(error) });
      return;
    }
    setSessionUser(null, { signedOut: true });
    queryClient.clear();
    toast.success('Signed out everywhere', { description: 'Every session, this one included, has ended.' });
    navigate('/auth', { replace: true });
  }

  return (
    <Card>
      <h2 className="text-lg font-bold">Active sessions</h2>
      <p className="mt-1 text-sm text-muted">Devices signed in to your account. End any you do not recognise.</p>
      {isPending && <p className="mt-4 text-sm text-muted">Loading sessions...</p>}
      {isError && <p className="mt-4 text-sm text-danger">We could not load your sessions.</p>}
      <ul className="mt-4 divide-y divide-line">
        {sessions?.map((s) => (
          <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <div className="flex items-center gap-3">
              <Monitor className="h-5 w-5 text-muted" aria-hidden="true" />
              <div>
                <p className="font-medium">
                  {describeAgent(s.userAgent)} {s.current && <Badge tone="green">This device</Badge>}
                </p>
                <p className="text-xs text-muted">
                  {s.ip ?? 'Unknown IP'} · last active {new Date(s.lastSeenAt).toLocaleString()}
                </p>
              </div>
            </div>
            {!s.current && (
              <Button
                variant="outline"
                size="sm"
                disabled={revoke.isPending}
                onClick={() =>
                  revoke.mutate(s.id, {
                    onSuccess: () => toast.success('Session ended', { description: 'That device has been signed out.' }),
                    onError: (error) => toast.error('Error', { description: errorMessage(error) }),
                  })
                }
              >
                Sign out
              </Button>
            )}
          </li>
        ))}
      </ul>
      <Button variant="danger" className="mt-4" onClick={() => void everywhere()}>
        Sign out everywhere
      </Button>
    </Card>
  );
}
