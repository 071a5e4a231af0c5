import { Monitor } from 'lucide-react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { errorMessage } from '../../../lib/errors';
import { translate, useLocale, useT } from '../../../lib/i18n';
import { queryClient } from '../../../lib/query-client';
import { setSessionUser } from '../../../lib/session';
import { useSessions } from '../api/get-sessions';
import { useRevokeSession } from '../api/revoke-session';
import { signOutEverywhere } from '../api/sign-out-everywhere';

function describeAgent(agent: string | null) {
  if (!agent) return translate('account.sessions.unknownDevice');
  const browser = /Edg\//.test(agent) ? 'Edge' : /Chrome\//.test(agent) ? 'Chrome' : /Firefox\//.test(agent) ? 'Firefox' : /Safari\//.test(agent) ? 'Safari' : translate('account.sessions.browser');
  const os = /Windows/.test(agent) ? 'Windows' : /Mac OS X/.test(agent) ? 'macOS' : /Android/.test(agent) ? 'Android' : /iPhone|iPad/.test(agent) ? 'iOS' : /Linux/.test(agent) ? 'Linux' : '';
  return os ? translate('account.sessions.browserOn', { browser, os }) : browser;
}

export function SessionsCard() {
  const t = useT();
  const locale = useLocale();
  const { data: sessions, isPending, isError } = useSessions();
  const revoke = useRevokeSession();
  const navigate = useNavigate();

  async function everywhere() {
    try {
      await signOutEverywhere();
    } catch (error) {
      toast.error(t('common.error'), { description: errorMessage(error) });
      return;
    }
    setSessionUser(null, { signedOut: true });
    queryClient.clear();
    toast.success(t('account.sessions.signedOutEverywhere'), { description: t('account.sessions.signedOutEverywhereText') });
    navigate('/auth', { replace: true });
  }

  return (
    <Card>
      <h2 className="text-lg font-bold">{t('account.sessions.title')}</h2>
      <p className="mt-1 text-sm text-muted">{t('account.sessions.intro')}</p>
      {isPending && <p className="mt-4 text-sm text-muted">{t('account.sessions.loading')}</p>}
      {isError && <p className="mt-4 text-sm text-danger">{t('account.sessions.loadFailed')}</p>}
      <ul className="mt-4 divide-y divide-line">
        {sessions?.map((s) => (
          <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <div className="flex items-center gap-3">
              <Monitor className="h-5 w-5 text-muted" aria-hidden="true" />
              <div>
                <p className="font-medium">
                  {describeAgent(s.userAgent)} {s.current && <Badge tone="green">{t('account.sessions.thisDevice')}</Badge>}
                </p>
                <p className="text-xs text-muted">
                  {t('account.sessions.lastActive', {
                    ip: s.ip ?? t('account.sessions.unknownIp'),
                    time: new Date(s.lastSeenAt).toLocaleString(locale),
                  })}
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
                    onSuccess: () => toast.success(t('account.sessions.ended'), { description: t('account.sessions.endedText') }),
                    onError: (error) => toast.error(t('common.error'), { description: errorMessage(error) }),
                  })
                }
              >
                {t('account.sessions.signOut')}
              </Button>
            )}
          </li>
        ))}
      </ul>
      <Button variant="danger" className="mt-4" onClick={() => void everywhere()}>
        {t('account.sessions.signOutEverywhere')}
      </Button>
    </Card>
  );
}
