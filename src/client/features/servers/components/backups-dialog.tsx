import { Download, Loader2, Plus, Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClass } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field, Input } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/errors';
import { useCreateBackup } from '../api/create-backup';
import { useDeleteBackup } from '../api/delete-backup';
import { backupDownloadUrl, useBackups } from '../api/get-backups';
import type { ServerBasics } from '../api/get-servers';
import { formatBytes, formatDateTime } from '../format';
import { blockedReason } from '../server-rules';

export function backupLimitReason(count: number, limit: number): string | null {
  if (limit <= 0) return 'Your plan does not include backups.';
  if (count >= limit) return `You have reached your plan's limit of ${limit} backup${limit === 1 ? '' : 's'}.`;
  return null;
}

/** List, create and download a server's backups. */
export function BackupsDialog({ server, open, onOpenChange }: { server: ServerBasics; open: boolean; onOpenChange: (open: boolean) => void }) {
  const backups = useBackups(server.id, open);
  const create = useCreateBackup(server.id);
  const remove = useDeleteBackup(server.id);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [name, setName] = useState('');
  const reasonId = useId();
  const list = backups.data?.backups ?? [];
  // Automatic backups (the add-on's daily ones) do not count against the plan's limit.
  const own = list.filter((b) => !b.automatic).length;
  const reason = blockedReason(server.status) ?? (backups.data ? backupLimitReason(own, backups.data.limit) : null);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (reason || !backups.data) return;
    create.mutate(name.trim() || undefined, {
      onSuccess: ({ backup }) => {
        setName('');
        toast.success('Backup Started', { description: `${backup.name} is being created.` });
      },
      onError: (error) => toast.error('Backup Failed', { description: errorMessage(error) }),
    });
  }

  function destroy(backupId: string, backupName: string) {
    remove.mutate(backupId, {
      onSuccess: () => {
        setConfirming(null);
        toast.success('Backup Deleted', { description: `${backupName} was deleted.` });
      },
      onError: (error) => toast.error('Delete Failed', { description: errorMessage(error) }),
    });
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={`Backups: ${server.name}`} description="Create a backup or download one.">
      {backups.isPending && (
        <p role="status" className="text-sm text-muted">
          Loading backups...
        </p>
      )}
      {backups.isError && <p className="text-sm text-muted">We could not load the backups right now. Try again in a moment.</p>}
      {backups.data && (
        <>
          <p className="text-sm text-muted">
            {own} of {backups.data.limit} backups used
          </p>
          {list.length === 0 ? (
            <p className="mt-3 text-sm">No backups yet.</p>
          ) : (
            <ul className="mt-3 divide-y divide-line rounded-lg border border-line" aria-label="Backups">
              {list.map((b) => (
                <li key={b.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
                  <div className="min-w-0">
                    <p className="break-words text-sm font-semibold">
                      {b.name} {b.automatic && <Badge tone="violet">Automatic</Badge>}
                    </p>
                    <p className="text-xs text-muted">
                      {b.completedAt ? formatBytes(b.sizeBytes) : 'In progress'} ·{' '}
                      <time dateTime={b.completedAt ?? b.createdAt}>{formatDateTime(b.completedAt ?? b.createdAt)}</time>
                    </p>
                  </div>
                  {b.completedAt && confirming === b.id ? (
                    <div className="flex flex-wrap items-center gap-2">
                      <span className="text-xs text-muted">Delete for good?</span>
                      <Button size="sm" variant="danger" disabled={remove.isPending} onClick={() => destroy(b.id, b.name)}>
                        Confirm delete{' '}
                        <span className="sr-only">{b.name}</span>
                      </Button>
                      <Button size="sm" variant="ghost" onClick={() => setConfirming(null)}>
                        Keep
                      </Button>
                    </div>
                  ) : b.completedAt ? (
                    <div className="flex flex-wrap items-center gap-2">
                      <a href={backupDownloadUrl(server.id, b.id)} download className={buttonClass('outline', 'sm')}>
                        <Download className="h-4 w-4" aria-hidden="true" />
                        Download{' '}
                        <span className="sr-only">{b.name}</span>
                      </a>
                      <Button size="sm" variant="ghost" onClick={() => setConfirming(b.id)}>
                        <Trash2 className="h-4 w-4" aria-hidden="true" />
                        Delete{' '}
                        <span className="sr-only">{b.name}</span>
                      </Button>
                    </div>
                  ) : (
                    <span className="inline-flex items-center gap-1 text-xs text-muted">
                      <Loader2 className="h-3.5 w-3.5 animate-spin" aria-hidden="true" /> Creating...
                    </span>
                  )}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      <form onSubmit={submit} className="mt-5 space-y-3">
        <Field label="Backup name (optional)">
          {({ id }) => (
            <Input id={id} value={name} maxLength={100} onChange={(e) => setName(e.target.value)} placeholder="Before the update" />
          )}
        </Field>
        <Button
          type="submit"
          disabled={Boolean(reason) || !backups.data || create.isPending}
          aria-describedby={reason ? reasonId : undefined}
          title={reason ?? undefined}
        >
          <Plus className="h-4 w-4" aria-hidden="true" />
          {create.isPending ? 'Creating...' : 'Create backup'}
        </Button>
        {reason && (
          <p id={reasonId} className="text-xs text-muted">
            {reason}
          </p>
        )}
      </form>
    </Dialog>
  );
}
