import { Download, Loader2, Plus, Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClass } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field, Input } from '../../../components/ui/field';
import { refusalMessage } from '../../../lib/field-message';
import { translate, useT } from '../../../lib/i18n';
import { useCreateBackup } from '../api/create-backup';
import { useDeleteBackup } from '../api/delete-backup';
import { backupDownloadUrl, useBackups } from '../api/get-backups';
import type { ServerBasics } from '../api/get-servers';
import { formatBytes, formatDateTime } from '../format';
import { blockedReason } from '../server-rules';

export function backupLimitReason(count: number, limit: number): string | null {
  if (limit <= 0) return translate('backups.noneInPlan');
  if (count >= limit) return translate('backups.limitReached', { limit });
  return null;
}

/** List, create and download a server's backups. */
export function BackupsDialog({ server, open, onOpenChange }: { server: ServerBasics; open: boolean; onOpenChange: (open: boolean) => void }) {
  const t = useT();
  const backups = useBackups(server.id, open);
  const create = useCreateBackup(server.id);
  const remove = useDeleteBackup(server.id);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [name, setName] = useState('');
  const reasonId = useId();
  const list = backups.data?.backups ?? [];
  // Automatic backups (the add-on's daily ones) do not count against the plan's limit.
  const own = list.filter((b) => !b.automatic).length;
  const automatic = list.length - own;
  const reason = blockedReason(server.status) ?? (backups.data ? backupLimitReason(own, backups.data.limit) : null);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (reason || !backups.data) return;
    create.mutate(name.trim() || undefined, {
      onSuccess: ({ backup }) => {
        setName('');
        toast.success(t('backups.toast.started'), { description: t('backups.toast.startedText', { name: backup.name }) });
      },
      onError: (error) => toast.error(t('backups.toast.failed'), { description: refusalMessage(error) }),
    });
  }

  function destroy(backupId: string, backupName: string) {
    remove.mutate(backupId, {
      onSuccess: () => {
        setConfirming(null);
        toast.success(t('backups.toast.deleted'), { description: t('backups.toast.deletedText', { name: backupName }) });
      },
      onError: (error) => toast.error(t('backups.toast.deleteFailed'), { description: refusalMessage(error) }),
    });
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('backups.title', { name: server.name })} description={t('backups.description')}>
      {backups.isPending && (
        <p role="status" className="text-sm text-muted">
          {t('backups.loading')}
        </p>
      )}
      {backups.isError && <p className="text-sm text-muted">{t('backups.loadFailed')}</p>}
      {backups.data && (
        <>
          <p className="text-sm text-muted">
            {t('backups.used', { used: own, limit: backups.data.limit })}
          </p>
          {backups.data.automaticSlots > 0 && (
            <p className="text-sm text-muted">{t('backups.automaticUsed', { used: automatic, slots: backups.data.automaticSlots })}</p>
          )}
          {list.length === 0 ? (
            <p className="mt-3 text-sm">{t('backups.none')}</p>
          ) : (
            <ul className="mt-3 divide-y divide-line rounded-lg border border-line" aria-label={t('backups.listLabel')}>
              {list.map((b) => (
                <li key={b.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
                  <div className="min-w-0">
                    <p className="break-words text-sm font-semibold">
                      {b.name} {b.automatic && <Badge tone="violet">{t('backups.automatic')}</Badge>}
                    </p>
                    <p className="text-xs text-muted">
                      {b.completedAt ? formatBytes(b.sizeBytes) : t('backups.inProgress')} ·{' '}
                      <time dateTime={b.completedAt ?? b.createdAt}>{formatDateTime(b.completedAt ?? b.createdAt)}</time>
                    </p>
                  </div>
                  {b.completedAt && confirming === b.id ? (
                    <div className="flex flex-wrap items-center gap-2">
                      <span className="text-xs text-muted">{t('backups.confirmQuestion')}</span>
                      <Button size="sm" variant="danger" disabled={remove.isPending} onClick={() => destroy(b.id, b.name)}>
                        {t('backups.confirmDelete')}{' '}
                        <span className="sr-only">{b.name}</span>
                      </Button>
                      <Button size="sm" variant="ghost" onClick={() => setConfirming(null)}>
                        {t('backups.keep')}
                      </Button>
                    </div>
                  ) : b.completedAt ? (
                    <div className="flex flex-wrap items-center gap-2">
                      <a href={backupDownloadUrl(server.id, b.id)} download className={buttonClass('outline', 'sm')}>
                        <Download className="h-4 w-4" aria-hidden="true" />
                        {t('backups.download')}{' '}
                        <span className="sr-only">{b.name}</span>
                      </a>
                      <Button size="sm" variant="ghost" onClick={() => setConfirming(b.id)}>
                        <Trash2 className="h-4 w-4" aria-hidden="true" />
                        {t('backups.delete')}{' '}
                        <span className="sr-only">{b.name}</span>
                      </Button>
                    </div>
                  ) : (
                    <span className="inline-flex items-center gap-1 text-xs text-muted">
                      <Loader2 className="h-3.5 w-3.5 animate-spin" aria-hidden="true" /> {t('backups.creating')}
                    </span>
                  )}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      <form onSubmit={submit} className="mt-5 space-y-3">
        <Field label={t('backups.nameLabel')}>
          {({ id }) => (
            <Input id={id} value={name} maxLength={100} onChange={(e) => setName(e.target.value)} placeholder={t('backups.namePlaceholder')} />
          )}
        </Field>
        <Button
          type="submit"
          disabled={Boolean(reason) || !backups.data || create.isPending}
          aria-describedby={reason ? reasonId : undefined}
          title={reason ?? undefined}
        >
          <Plus className="h-4 w-4" aria-hidden="true" />
          {create.isPending ? t('backups.creating') : t('backups.create')}
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
