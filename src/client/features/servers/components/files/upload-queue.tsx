import { CheckCircle2, CircleSlash, Loader2, X, XCircle } from 'lucide-react';
import { Button } from '../../../../components/ui/button';
import { cn } from '../../../../lib/cn';
import { currentLocale, useT } from '../../../../lib/i18n';
import { formatBytes } from '../../format';
import type { Upload } from './use-uploads';

function percentText(upload: Upload): string {
  return new Intl.NumberFormat(currentLocale(), { style: 'percent' }).format(percent(upload) / 100);
}

function percent(upload: Upload): number {
  if (upload.status === 'done') return 100;
  return upload.sizeBytes > 0 ? Math.floor((upload.sentBytes / upload.sizeBytes) * 100) : 0;
}

function StatusLine({ upload }: { upload: Upload }) {
  const t = useT();
  switch (upload.status) {
    case 'waiting':
      return <span className="text-muted">{t('files.uploads.waiting', { size: formatBytes(upload.sizeBytes) })}</span>;
    case 'uploading':
      return (
        <span className="text-muted">
          {t('files.uploads.progress', { percent: percentText(upload), sent: formatBytes(upload.sentBytes), size: formatBytes(upload.sizeBytes) })}
        </span>
      );
    case 'done':
      return <span className="text-accent">{t('files.uploads.done', { size: formatBytes(upload.sizeBytes) })}</span>;
    case 'cancelled':
      return <span className="text-muted">{t('files.uploads.cancelled')}</span>;
    case 'failed':
      return <span className="text-danger">{t('files.uploads.failed', { reason: upload.message })}</span>;
  }
}

/** The files being sent, one progress bar each, with Cancel while waiting or sending. */
export function UploadQueue({ uploads, onCancel, onClear }: { uploads: Upload[]; onCancel: (id: number) => void; onClear: () => void }) {
  const t = useT();
  if (uploads.length === 0) return null;
  const finished = uploads.some((u) => u.status !== 'waiting' && u.status !== 'uploading');
  return (
    <section aria-label={t('files.uploads.title')} className="space-y-2 rounded-xl border border-line bg-surface-2/40 p-3">
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-sm font-bold">{t('files.uploads.title')}</h2>
        {finished && (
          <Button size="sm" variant="ghost" onClick={onClear}>
            {t('files.uploads.clear')}
          </Button>
        )}
      </div>
      <ul className="space-y-2">
        {uploads.map((upload) => {
          const Icon =
            upload.status === 'done' ? CheckCircle2 : upload.status === 'failed' ? XCircle : upload.status === 'cancelled' ? CircleSlash : Loader2;
          const open = upload.status === 'waiting' || upload.status === 'uploading';
          return (
            <li key={upload.id} className="rounded-lg border border-line bg-surface p-2.5 text-sm">
              <div className="flex items-start gap-2">
                <Icon
                  className={cn(
                    'mt-0.5 h-4 w-4 shrink-0',
                    upload.status === 'done' ? 'text-accent' : upload.status === 'failed' ? 'text-danger' : 'text-muted',
                    upload.status === 'uploading' && 'animate-spin',
                  )}
                  aria-hidden="true"
                />
                <div className="min-w-0 flex-1">
                  <p className="break-all font-medium">{upload.name}</p>
                  <p className="text-xs">
                    <StatusLine upload={upload} />
                  </p>
                  {open && (
                    <div
                      role="progressbar"
                      aria-label={t('files.uploads.of', { name: upload.name })}
                      aria-valuemin={0}
                      aria-valuemax={100}
                      aria-valuenow={percent(upload)}
                      aria-valuetext={percentText(upload)}
                      className="mt-1.5 h-2 overflow-hidden rounded-full bg-line"
                    >
                      <div className="h-full rounded-full bg-accent transition-[width]" style={{ width: `${percent(upload)}%` }} />
                    </div>
                  )}
                </div>
                {open && (
                  <Button size="sm" variant="ghost" className="px-2" title={t('common.cancel')} onClick={() => onCancel(upload.id)}>
                    <X className="h-4 w-4" aria-hidden="true" />
                    <span className="sr-only">{t('files.uploads.cancel', { name: upload.name })}</span>
                  </Button>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
