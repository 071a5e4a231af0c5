import { RefreshCw, Server as ServerIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { ServerAddonList } from '../../../components/delivery/delivery-state';
import { useT } from '../../../lib/i18n';
import { useUpgrades } from '../../../lib/upgrades';
import { useServers, type ServerBasics } from '../api/get-servers';
import { useSharedServers } from '../api/get-shared-servers';
import { blockedReason } from '../server-rules';
import { BackupsDialog } from './backups-dialog';
import { ConsoleDialog } from './console-dialog';
import { ChangePlanDialog } from './plan-change/change-plan-dialog';
import { PlayersDialog } from './players-dialog';
import { MoveRegionDialog } from './region-move/move-region-dialog';
import { ChangeSoftwareDialog } from './software/change-software-dialog';
import { QuickActions } from './quick-actions';
import { ScheduleRestartDialog } from './schedule-restart-dialog';
import type { ServerDialog } from './server-actions';
import { ServerCard } from './server-card';
import { ShareDialog } from './sharing/share-dialog';
import { SharedWithYou } from './sharing/shared-with-you';

/** A dialog for one server (owned or shared), or the quick action's schedule for any owned one. */
type OpenDialog = { kind: ServerDialog; serverId: string; shared?: boolean; follow?: string } | { kind: 'quick-schedule'; serverId?: string } | null;

function EmptyState() {
  const t = useT();
  return (
    <Card className="flex flex-col items-center px-4 py-12 text-center">
      <ServerIcon className="h-10 w-10 text-accent" aria-hidden="true" />
      <h2 className="mt-4 text-xl font-bold">{t('servers.empty.title')}</h2>
      <p className="mt-2 max-w-sm text-sm text-muted">{t('servers.empty.text')}</p>
      <ButtonLink to="/deploy" className="mt-6">
        {t('servers.deployNew')}
      </ButtonLink>
    </Card>
  );
}

/**
 * /dashboard/services: every server with its live figures, controls, console, backups and players;
 * then the servers other people shared with you, with only the controls they granted.
 */
export default function ServicesPage() {
  const t = useT();
  const servers = useServers();
  const shared = useSharedServers();
  const { hash, search } = useLocation();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const list = servers.data ?? [];
  // Where each add-on stands (decision 058); the cards show without it if it cannot be loaded.
  const upgrades = useUpgrades({ enabled: list.length > 0 });
  const sharedList = shared.data?.servers ?? [];
  const anchored = hash.startsWith('#server-') ? hash.slice('#server-'.length) : undefined;
  const selected: ServerBasics | undefined =
    list.find((s) => s.id === anchored) ?? list.find((s) => !blockedReason(s.status)) ?? list[0];
  const dialogServer: ServerBasics | undefined =
    dialog && dialog.kind !== 'quick-schedule'
      ? dialog.shared
        ? sharedList.find((s) => s.id === dialog.serverId)
        : list.find((s) => s.id === dialog.serverId)
      : undefined;
  // Scroll to the anchored card once the list that holds it has arrived.
  const loaded = servers.isSuccess && (shared.isSuccess || shared.isError);

  useEffect(() => {
    // The overview links here with #server-<id>; the list arrives after the first paint.
    if (!loaded || !anchored) return;
    const card = document.getElementById(`server-${anchored}`);
    card?.scrollIntoView?.({ block: 'start' });
    card?.focus({ preventScroll: true });
  }, [loaded, anchored]);

  // Back from an upgrade's checkout (?plan_change=<id>): that server's dialog follows the change.
  const returnedChange = new URLSearchParams(search).get('plan_change');
  useEffect(() => {
    if (!returnedChange || !servers.isSuccess) return;
    const owner = servers.data.find((s) => s.planChange?.id === returnedChange);
    if (owner) setDialog({ kind: 'plan', serverId: owner.id, follow: returnedChange });
    void navigate({ search: '', hash: owner ? `#server-${owner.id}` : hash }, { replace: true });
  }, [returnedChange, servers.isSuccess, servers.data, navigate, hash]);

  const close = (open: boolean) => !open && setDialog(null);

  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-2xl font-extrabold sm:text-3xl">{t('servers.title')}</h1>
        <p className="mt-1 text-muted">{t('servers.intro')}</p>
      </div>

      <QuickActions
        hasServers={list.length > 0}
        onBackups={() => selected && setDialog({ kind: 'backups', serverId: selected.id })}
        onSchedule={() => setDialog({ kind: 'quick-schedule', serverId: selected?.id })}
      />

      <section aria-label={t('servers.listLabel')} className="space-y-6">
        {servers.isPending && <PageSpinner label={t('servers.loading')} />}
        {servers.isError && (
          <Card className="text-center">
            <p className="text-muted">{t('servers.loadFailed')}</p>
            <Button variant="outline" size="sm" className="mt-4" onClick={() => void servers.refetch()}>
              <RefreshCw className="h-4 w-4" aria-hidden="true" /> {t('dashboard.tryAgain')}
            </Button>
          </Card>
        )}
        {loaded && list.length === 0 && <EmptyState />}
        {list.map((server) => (
          <ServerCard
            key={server.id}
            server={server}
            access={{ role: 'owner', panelUrl: server.panelUrl, cancelAt: server.cancelAt }}
            planChange={server.planChange}
            moving={server.moving}
            failureReason={server.failureReason}
            highlighted={server.id === anchored}
            onOpen={(kind) => setDialog({ kind, serverId: server.id })}
          >
            <ServerAddonList serverId={server.id} addons={upgrades.data?.servers.find((s) => s.serverId === server.id)?.addons ?? []} />
          </ServerCard>
        ))}
      </section>

      {shared.data && (
        <SharedWithYou data={shared.data} anchored={anchored} onOpen={(kind, serverId) => setDialog({ kind, serverId, shared: true })} />
      )}

      {dialogServer && dialog?.kind === 'console' && <ConsoleDialog server={dialogServer} open onOpenChange={close} />}
      {dialogServer && dialog?.kind === 'backups' && <BackupsDialog server={dialogServer} open onOpenChange={close} />}
      {dialogServer && dialog?.kind === 'players' && <PlayersDialog server={dialogServer} open onOpenChange={close} />}
      {dialogServer && dialog?.kind === 'plan' && !dialog.shared && (
        <ChangePlanDialog server={dialogServer} open onOpenChange={close} follow={dialog.follow} />
      )}
      {dialogServer && dialog?.kind === 'move' && !dialog.shared && <MoveRegionDialog server={dialogServer} open onOpenChange={close} />}
      {dialogServer && dialog?.kind === 'software' && <ChangeSoftwareDialog server={dialogServer} open onOpenChange={close} />}
      {dialogServer && dialog?.kind === 'share' && <ShareDialog server={dialogServer} open onOpenChange={close} />}
      {dialogServer && dialog?.kind === 'schedule' && (
        <ScheduleRestartDialog servers={[dialogServer]} initialServerId={dialogServer.id} open onOpenChange={close} />
      )}
      {dialog?.kind === 'quick-schedule' && list.length > 0 && (
        <ScheduleRestartDialog servers={list} initialServerId={dialog.serverId} open onOpenChange={close} />
      )}
    </div>
  );
}
