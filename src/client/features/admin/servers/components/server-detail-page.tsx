import { ArrowLeft, ExternalLink } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import type { AdminServerDetail } from '../../../../../shared/schemas/admin/servers';
import { Button } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { PageSpinner } from '../../../../components/ui/page-spinner';
import { ServerStatusBadge } from '../../../../components/ui/status-badge';
import { ApiError } from '../../../../lib/api-client';
import { useCan } from '../../components/use-can';
import { useAdminServer } from '../api/get-admin-server';
import { useServerAction, type ServerAction } from '../api/server-action';
import { ActionDialog } from './action-dialog';
import { formatDateTime, formatDay, statusLabel } from './format';
import { SlaCreditCard } from './sla-credit-card';

const powerStatuses = ['online', 'offline', 'starting', 'stopping'];

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs uppercase tracking-wide text-muted">{label}</dt>
      <dd className="mt-0.5 break-words text-sm">{children}</dd>
    </div>
  );
}

interface Choice {
  key: string;
  label: string;
  title: string;
  description: string;
  confirmLabel: string;
  danger?: boolean;
  confirmName?: boolean;
  build: (input: { reason: string; confirmText: string }) => ServerAction;
  done: string;
}

function useChoices(server: AdminServerDetail): Choice[] {
  const canOperate = useCan('servers.operate');
  const canManage = useCan('servers.manage');
  const choices: Choice[] = [];
  const running = server.status === 'online' || server.status === 'starting';
  if (canOperate && server.status === 'failed' && !server.refunded) {
    choices.push({
      key: 'retry',
      label: 'Retry provisioning',
      title: 'Retry provisioning',
      description: 'The leftover server on the panel is removed and the set-up starts again from the beginning.',
      confirmLabel: 'Retry provisioning',
      build: ({ reason }) => ({ kind: 'retry', reason }),
      done: 'Provisioning started again',
    });
  }
  if (canOperate && powerStatuses.includes(server.status)) {
    const power = (action: 'start' | 'stop' | 'restart', label: string, done: string) =>
      choices.push({
        key: action,
        label,
        title: `${label} ${server.name}`,
        description: 'The owner sees this in their activity list.',
        confirmLabel: label,
        build: ({ reason }) => ({ kind: 'power', action, reason }),
        done,
      });
    if (!running) power('start', 'Start', 'The server is starting');
    if (running) power('stop', 'Stop', 'The server is stopping');
    power('restart', 'Restart', 'The server is restarting');
  }
  if (canManage && powerStatuses.includes(server.status)) {
    choices.push({
      key: 'suspend',
      label: 'Suspend',
      title: `Suspend ${server.name}`,
      description: 'The server is stopped and locked on the panel until staff unsuspend it.',
      confirmLabel: 'Suspend server',
      danger: true,
      build: ({ reason }) => ({ kind: 'suspend', reason }),
      done: 'The server is suspended',
    });
  }
  if (canManage && server.status === 'suspended' && server.suspendedBy === 'staff') {
    choices.push({
      key: 'unsuspend',
      label: 'Unsuspend',
      title: `Unsuspend ${server.name}`,
      description: 'The server comes back stopped; the owner can start it.',
      confirmLabel: 'Unsuspend server',
      build: ({ reason }) => ({ kind: 'unsuspend', reason }),
      done: 'The server is unsuspended',
    });
  }
  const deletable =
    !server.deletedAt &&
    server.status !== 'cancelled' &&
    server.status !== 'provisioning' &&
    server.status !== 'installing' &&
    (server.status !== 'failed' || server.refunded);
  if (canManage && deletable) {
    choices.push({
      key: 'delete',
      label: 'Delete',
      title: `Delete ${server.name}`,
      description: 'The server is deleted on the panel and never renewed again. Its newest backup is kept for 30 days.',
      confirmLabel: 'Delete server',
      danger: true,
      confirmName: true,
      build: ({ reason, confirmText }) => ({ kind: 'delete', confirmName: confirmText, reason }),
      done: 'The server is deleted',
    });
  }
  return choices;
}

function Actions({ server }: { server: AdminServerDetail }) {
  const choices = useChoices(server);
  const [open, setOpen] = useState<string | null>(null);
  const mutation = useServerAction(server.id);
  const current = choices.find((c) => c.key === open);

  return (
    <Card>
      <h2 className="text-lg font-bold">Actions</h2>
      <div className="mt-3 flex flex-wrap gap-2">
        {server.panelUrl && (
          <a
            href={server.panelUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex h-9 items-center gap-2 rounded-lg border border-line px-3 text-sm font-semibold hover:bg-surface-2"
          >
            Open in panel <ExternalLink className="h-4 w-4" aria-hidden="true" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        )}
        {choices.map((c) => (
          <Button key={c.key} size="sm" variant={c.danger ? 'danger' : c.key === 'retry' ? 'primary' : 'outline'} onClick={() => setOpen(c.key)}>
            {c.label}
          </Button>
        ))}
      </div>
      {choices.length === 0 && !server.panelUrl && <p className="mt-2 text-sm text-muted">Nothing to do on this server right now.</p>}
      {current && (
        <ActionDialog
          open
          onOpenChange={(next) => setOpen(next ? current.key : null)}
          title={current.title}
          description={current.description}
          confirmLabel={current.confirmLabel}
          danger={current.danger}
          confirmText={current.confirmName ? server.name : undefined}
          pending={mutation.isPending}
          onConfirm={async (input) => {
            await mutation.mutateAsync(current.build(input));
            toast.success(current.done);
          }}
        />
      )}
    </Card>
  );
}

function ProvisioningCard({ server }: { server: AdminServerDetail }) {
  if (server.status !== 'failed' && !server.provisioningError && server.provisioningAttempts === 0) return null;
  return (
    <Card className={server.status === 'failed' ? 'border-danger/40' : undefined}>
      <h2 className="text-lg font-bold">Provisioning</h2>
      <dl className="mt-3 grid gap-4 sm:grid-cols-2">
        <Item label="Failed attempts">{server.provisioningAttempts}</Item>
        <Item label="Refund">
          {server.refunded
            ? 'The order was refunded'
            : server.refundDueAt
              ? `Refunded automatically ${formatDateTime(server.refundDueAt)} unless it is fixed`
              : 'Not refunded'}
        </Item>
        <div className="sm:col-span-2">
          <Item label="Error from the panel (staff only)">
            <code className="block whitespace-pre-wrap rounded-lg bg-bg p-2 font-mono text-xs">{server.provisioningError ?? 'None recorded'}</code>
          </Item>
        </div>
        {server.failureReason && (
          <div className="sm:col-span-2">
            <Item label="What the customer reads">{server.failureReason}</Item>
          </div>
        )}
      </dl>
    </Card>
  );
}

const switchStatus: Record<string, string> = {
  running: 'Under way',
  rolling_back: 'Rolling back',
  succeeded: 'Done',
  rolled_back: 'Rolled back: the old software runs again',
  failed: 'Failed: the rollback failed too and needs finishing by hand from the backup',
};

/** The latest software switch; the panel's error is shown when it did not succeed. */
function SoftwareSwitchCard({ server }: { server: AdminServerDetail }) {
  const change = server.softwareSwitch;
  if (!change) return null;
  return (
    <Card className={change.status === 'failed' ? 'border-danger/40' : undefined}>
      <h2 className="text-lg font-bold">Software switch</h2>
      <dl className="mt-3 grid gap-4 sm:grid-cols-2">
        <Item label="From → to">
          {change.from} → {change.to}
        </Item>
        <Item label="Status">{switchStatus[change.status] ?? change.status}</Item>
        <Item label="Started">{formatDateTime(change.createdAt)}</Item>
        <Item label="Step">{change.step}</Item>
        {change.reason && (
          <div className="sm:col-span-2">
            <Item label="What the customer reads">{change.reason}</Item>
          </div>
        )}
        {change.error && (
          <div className="sm:col-span-2">
            <Item label="Error from the panel (staff only)">
              <code className="block whitespace-pre-wrap rounded-lg bg-bg p-2 font-mono text-xs">{change.error}</code>
            </Item>
          </div>
        )}
      </dl>
    </Card>
  );
}

function DetailCards({ server }: { server: AdminServerDetail }) {
  const renewal = server.renewal;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card>
        <h2 className="text-lg font-bold">Server</h2>
        <dl className="mt-3 grid gap-4 sm:grid-cols-2">
          <Item label="Game">{server.gameName}</Item>
          <Item label="Plan">{server.planName}</Item>
          <Item label="Location">{server.locationLabel}</Item>
          <Item label="Resources">
            {server.ramGb} GB RAM · {server.vcpu} vCPU · {server.diskGb} GB disk
          </Item>
          <Item label="Address">{server.ip ? `${server.ip}:${server.port ?? ''}` : '—'}</Item>
          <Item label="Panel id">
            <span className="font-mono text-xs">{server.panelServerId ?? '—'}</span>
          </Item>
          <Item label="Order">
            <Link to={`/admin/orders/${server.orderId}`} className="hover:text-accent hover:underline">
              {server.orderId.slice(0, 8)}
            </Link>{' '}
            ({server.orderStatus})
          </Item>
          <Item label="Created">{formatDateTime(server.createdAt)}</Item>
          <Item label="Last change">{formatDateTime(server.updatedAt)}</Item>
        </dl>
      </Card>
      <Card>
        <h2 className="text-lg font-bold">Billing and deletion</h2>
        <dl className="mt-3 grid gap-4 sm:grid-cols-2">
          <Item label="Billing period">{server.period}</Item>
          <Item label="Renews">{formatDay(server.renewsAt)}</Item>
          <Item label="Renewal">
            {renewal ? `${statusLabel(renewal.status)}, ${renewal.attempts} ${renewal.attempts === 1 ? 'attempt' : 'attempts'}` : 'None yet'}
          </Item>
          <Item label="Next renewal step">{formatDateTime(renewal?.nextAttemptAt)}</Item>
          {renewal?.lastError && <Item label="Last payment error">{renewal.lastError}</Item>}
          {renewal?.suspendedAt && <Item label="Suspended for non-payment">{formatDateTime(renewal.suspendedAt)}</Item>}
          {server.cancelAt && <Item label="Cancelled by the customer, ends">{formatDay(server.cancelAt)}</Item>}
          {server.deletesAt && <Item label="Deleted on">{formatDay(server.deletesAt)}</Item>}
          {server.deletedAt && <Item label="Deleted by staff">{formatDateTime(server.deletedAt)}</Item>}
          {server.keptBackupId && (
            <Item label="Kept backup">
              <span className="font-mono text-xs">{server.keptBackupId}</span> until {formatDay(server.backupKeptUntil)}
            </Item>
          )}
        </dl>
      </Card>
    </div>
  );
}

/** /admin/servers/:id: everything about one server, and the actions the role allows. */
export default function ServerDetailPage() {
  const { id = '' } = useParams();
  const { data: server, error, isError } = useAdminServer(id);

  if (isError) {
    const missing = error instanceof ApiError && error.status === 404;
    return (
      <div className="py-16 text-center">
        <h1 className="text-2xl font-bold">{missing ? 'Server not found' : 'We could not load this server'}</h1>
        <Link to="/admin/servers" className="mt-4 inline-block text-accent hover:underline">
          Back to all servers
        </Link>
      </div>
    );
  }
  if (!server) return <PageSpinner label="Loading the server..." />;

  return (
    <div className="space-y-6">
      <Link to="/admin/servers" className="inline-flex items-center gap-1 text-sm text-muted hover:text-ink">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" /> All servers
      </Link>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="break-words text-2xl font-extrabold sm:text-3xl">{server.name}</h1>
          <p className="mt-1 text-sm text-muted">
            Owned by{' '}
            <Link to={`/admin/customers/${server.owner.id}`} className="text-ink hover:text-accent hover:underline">
              {server.owner.name ? `${server.owner.name} (${server.owner.email})` : server.owner.email}
            </Link>
          </p>
        </div>
        <div className="flex items-center gap-2" aria-live="polite">
          <span className="sr-only">Status:</span>
          <ServerStatusBadge status={server.status} />
          {server.suspendedBy === 'staff' && <span className="text-xs text-muted">by staff</span>}
        </div>
      </div>
      <Actions server={server} />
      <ProvisioningCard server={server} />
      <SoftwareSwitchCard server={server} />
      <DetailCards server={server} />
      <SlaCreditCard serverId={server.id} />
    </div>
  );
}
