import { Download, File, FileText, Folder, Pencil, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass, Button } from '../../../../components/ui/button';
import type { FileEntry } from '../../api/get-files';
import { fileDownloadUrl } from '../../api/download-file';
import { useT } from '../../../../lib/i18n';
import { formatBytes, formatDateTime } from '../../format';
import { filesHref, parentOf } from './file-paths';

/**
 * A folder's entries: name (a folder opens, a file opens in the editor), size and last change, with
 * Download, Rename and Delete on each row. On a phone the date moves under the name.
 */
export function FileTable({
  serverId,
  dir,
  entries,
  onRename,
  onDelete,
}: {
  serverId: string;
  dir: string;
  entries: FileEntry[];
  onRename: (entry: FileEntry) => void;
  onDelete: (entry: FileEntry) => void;
}) {
  const t = useT();
  const icon = 'h-4 w-4 shrink-0';
  return (
    <div className="overflow-x-auto rounded-xl border border-line">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{dir ? t('files.table.captionIn', { dir }) : t('files.table.captionRoot')}</caption>
        <thead className="bg-surface-2 text-xs uppercase tracking-wide text-muted">
          <tr>
            <th scope="col" className="px-3 py-2 font-semibold">
              {t('files.table.name')}
            </th>
            <th scope="col" className="px-3 py-2 text-right font-semibold">
              {t('files.table.size')}
            </th>
            <th scope="col" className="hidden px-3 py-2 font-semibold sm:table-cell">
              {t('files.table.modified')}
            </th>
            <th scope="col" className="px-3 py-2 text-right font-semibold">
              <span className="sr-only">{t('files.table.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => {
            const folder = entry.kind === 'folder';
            const Icon = folder ? Folder : entry.editable ? FileText : File;
            const href = folder ? filesHref(serverId, { dir: entry.path }) : filesHref(serverId, { dir: parentOf(entry.path), file: entry.path });
            return (
              <tr key={entry.path} className="border-t border-line">
                <td className="w-full px-3 py-2">
                  <Link
                    to={href}
                    aria-label={folder ? t('files.table.folder', { name: entry.name }) : undefined}
                    className="flex min-w-0 items-start gap-2 rounded font-medium text-ink hover:text-accent focus-visible:outline-2 focus-visible:outline-accent"
                  >
                    <Icon className={`${icon} mt-0.5 ${folder ? 'text-accent' : 'text-muted'}`} aria-hidden="true" />
                    <span className="[overflow-wrap:anywhere]">{entry.name}</span>
                  </Link>
                  <span className="block pl-6 text-xs text-muted sm:hidden">{formatDateTime(entry.modifiedAt)}</span>
                </td>
                <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums text-muted">{folder ? '—' : formatBytes(entry.sizeBytes)}</td>
                <td className="hidden whitespace-nowrap px-3 py-2 text-muted sm:table-cell">
                  <time dateTime={entry.modifiedAt}>{formatDateTime(entry.modifiedAt)}</time>
                </td>
                <td className="px-3 py-1.5">
                  <div className="flex justify-end gap-1">
                    {!folder && (
                      <a href={fileDownloadUrl(serverId, entry.path)} download={entry.name} title={t('files.download')} className={buttonClass('ghost', 'sm', 'px-2')}>
                        <Download className={icon} aria-hidden="true" />
                        <span className="sr-only">{t('files.downloadName', { name: entry.name })}</span>
                      </a>
                    )}
                    <Button size="sm" variant="ghost" className="px-2" title={t('files.rename')} aria-haspopup="dialog" onClick={() => onRename(entry)}>
                      <Pencil className={icon} aria-hidden="true" />
                      <span className="sr-only">{t('files.renameName', { name: entry.name })}</span>
                    </Button>
                    <Button size="sm" variant="ghost" className="px-2 hover:text-danger" title={t('files.delete')} aria-haspopup="dialog" onClick={() => onDelete(entry)}>
                      <Trash2 className={icon} aria-hidden="true" />
                      <span className="sr-only">{t('files.deleteName', { name: entry.name })}</span>
                    </Button>
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
