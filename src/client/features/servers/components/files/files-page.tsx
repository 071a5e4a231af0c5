import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, FolderOpen, FolderPlus, RefreshCw, Upload as UploadIcon } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type DragEvent } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { Button, ButtonLink } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { Dialog } from '../../../../components/ui/dialog';
import { PageSpinner } from '../../../../components/ui/page-spinner';
import { useLocale, useT } from '../../../../lib/i18n';
import { serversQueryOptions } from '../../../../lib/servers';
import { useFiles, type FileEntry } from '../../api/get-files';
import { sharedServersQueryOptions } from '../../api/get-shared-servers';
import { DeleteDialog, NewFolderDialog, RenameDialog } from './file-dialogs';
import { FileEditor, type Draft } from './file-editor';
import { fileErrorMessage } from './file-errors';
import { baseName, filesHref, normalDir, parentOf } from './file-paths';
import { FileTable } from './file-table';
import { FolderBreadcrumb } from './folder-breadcrumb';
import { UploadQueue } from './upload-queue';
import { useUnsavedGuard } from './use-unsaved-guard';
import { useUploads, type Upload } from './use-uploads';

type Open = { kind: 'rename' | 'delete'; entry: FileEntry } | { kind: 'new-folder' } | { kind: 'replace'; files: File[]; existing: string[] } | null;

/** The server's name for the heading, from the lists My Services already loaded (owned or shared). */
function useServerName(serverId: string): string | undefined {
  const owned = useQuery({ ...serversQueryOptions(), staleTime: 60_000 });
  const shared = useQuery({ ...sharedServersQueryOptions(), staleTime: 60_000 });
  return owned.data?.find((s) => s.id === serverId)?.name ?? shared.data?.servers.find((s) => s.id === serverId)?.name;
}

/**
 * /dashboard/servers/:id/files: the server's file manager, for its owner and anyone given the files
 * permission (the server checks it on every call). ?path= is the folder, ?file= the file open in the
 * editor, so a reload or a shared link comes back to the same place.
 */
export default function FilesPage() {
  const t = useT();
  const locale = useLocale();
  const serverId = useParams().id ?? '';
  const [params] = useSearchParams();
  const file = params.get('file') ? normalDir(params.get('file') ?? '') : undefined;
  const dir = file ? parentOf(file) : normalDir(params.get('path') ?? '');
  const serverName = useServerName(serverId);
  const listing = useFiles(serverId, dir, !file);
  const [open, setOpen] = useState<Open>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const dirty = Boolean(draft && draft.text !== draft.base);
  // Opening the file the draft belongs to is going back to it, not leaving it.
  const guard = useUnsavedGuard(dirty, (to) => to.pathname === window.location.pathname && to.searchParams.get('file') === draft?.path);

  // A draft without changes is dropped on leaving the editor, so the file is read afresh next time.
  useEffect(() => {
    if (!file && draft && draft.text === draft.base) setDraft(null);
  }, [file, draft]);
  const input = useRef<HTMLInputElement>(null);
  const contents = useRef<HTMLDivElement>(null);
  const onFinished = useCallback((u: Upload) => {
    setAnnouncement(u.status === 'done' ? t('files.uploaded', { name: u.name }) : t('files.notUploaded', { name: u.name, reason: u.message ?? '' }));
  }, [t]);
  const uploads = useUploads(serverId, onFinished);

  // A renamed or deleted row takes the button that opened its dialog with it: focus goes to the list.
  function closeRowDialog() {
    setOpen(null);
    setTimeout(() => {
      if (!document.activeElement || document.activeElement === document.body) contents.current?.focus();
    }, 50);
  }

  function pick(files: File[]) {
    if (files.length === 0) return;
    const here = new Set((listing.data?.entries ?? []).filter((e) => e.kind === 'file').map((e) => e.name));
    const existing = files.filter((f) => here.has(f.name)).map((f) => f.name);
    if (existing.length > 0) setOpen({ kind: 'replace', files, existing });
    else uploads.add(files, dir);
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    pick([...event.dataTransfer.files]);
  }

  const title = serverName ? t('files.titleFor', { name: serverName }) : t('files.title');
  const entries = listing.data?.entries ?? [];
  const strayDraft = !file && dirty && draft ? draft : null;

  return (
    <div className="space-y-6">
      <div className="space-y-3">
        <Link
          to={`/dashboard/services#server-${serverId}`}
          className="inline-flex items-center gap-1 rounded text-sm text-muted hover:text-ink focus-visible:outline-2 focus-visible:outline-accent"
        >
          <ArrowLeft className="h-4 w-4" aria-hidden="true" /> {t('files.back')}
        </Link>
        <h1 className="break-words text-2xl font-extrabold sm:text-3xl">{title}</h1>
        <p className="text-muted">{t('files.intro')}</p>
      </div>

      <FolderBreadcrumb serverId={serverId} dir={dir} file={file} />

      {file ? (
        <FileEditor key={file} serverId={serverId} path={file} draft={draft} onDraft={setDraft} />
      ) : (
        <div className="space-y-4" onDragOver={(e) => e.preventDefault()} onDrop={onDrop}>
          {strayDraft && (
            <div role="status" className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-warn/40 bg-warn/10 p-3 text-sm">
              <span>{t('files.strayDraft', { name: baseName(strayDraft.path) })}</span>
              <span className="flex flex-wrap gap-2">
                <ButtonLink size="sm" to={filesHref(serverId, { dir: parentOf(strayDraft.path), file: strayDraft.path })}>
                  {t('files.continueEditing')}
                </ButtonLink>
                <Button size="sm" variant="ghost" onClick={() => setDraft(null)}>
                  {t('files.discard')}
                </Button>
              </span>
            </div>
          )}

          <div className="flex flex-wrap gap-2">
            <Button onClick={() => input.current?.click()} disabled={!listing.isSuccess}>
              <UploadIcon className="h-4 w-4" aria-hidden="true" />
              {t('files.upload')}
            </Button>
            <input
              ref={input}
              type="file"
              multiple
              className="sr-only"
              tabIndex={-1}
              aria-hidden="true"
              onChange={(e) => {
                pick([...(e.target.files ?? [])]);
                e.target.value = '';
              }}
            />
            <Button variant="outline" aria-haspopup="dialog" onClick={() => setOpen({ kind: 'new-folder' })} disabled={!listing.isSuccess}>
              <FolderPlus className="h-4 w-4" aria-hidden="true" />
              {t('files.newFolder')}
            </Button>
          </div>
          <p className="text-xs text-muted">{t('files.uploadHint')}</p>

          <UploadQueue uploads={uploads.uploads} onCancel={uploads.cancel} onClear={uploads.clearFinished} />

          <div ref={contents} tabIndex={-1} role="region" aria-label={t('files.contents')} className="rounded-xl focus:outline-none focus-visible:outline-2 focus-visible:outline-accent">
            {listing.isPending && <PageSpinner label={t('files.loading')} />}
            {listing.isError && (
              <Card className="space-y-3 p-4">
                <p role="alert" className="text-sm">
                  {fileErrorMessage(listing.error)}
                </p>
                <div className="flex flex-wrap gap-2">
                  <Button size="sm" variant="outline" onClick={() => void listing.refetch()}>
                    <RefreshCw className="h-4 w-4" aria-hidden="true" /> {t('files.tryAgain')}
                  </Button>
                  {dir && (
                    <ButtonLink size="sm" variant="ghost" to={filesHref(serverId, { dir: '' })}>
                      {t('files.goRoot')}
                    </ButtonLink>
                  )}
                </div>
              </Card>
            )}
            {listing.isSuccess && entries.length === 0 && (
              <Card className="flex flex-col items-center px-4 py-10 text-center">
                <FolderOpen className="h-10 w-10 text-accent" aria-hidden="true" />
                <h2 className="mt-3 text-lg font-bold">{t('files.empty')}</h2>
                <p className="mt-1 max-w-sm text-sm text-muted">{t('files.emptyText')}</p>
              </Card>
            )}
            {listing.isSuccess && entries.length > 0 && (
              <FileTable
                serverId={serverId}
                dir={dir}
                entries={entries}
                onRename={(entry) => setOpen({ kind: 'rename', entry })}
                onDelete={(entry) => setOpen({ kind: 'delete', entry })}
              />
            )}
          </div>
        </div>
      )}

      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>

      {open?.kind === 'rename' && <RenameDialog serverId={serverId} entry={open.entry} onClose={closeRowDialog} />}
      {open?.kind === 'delete' && <DeleteDialog serverId={serverId} entry={open.entry} onClose={closeRowDialog} />}
      {open?.kind === 'new-folder' && <NewFolderDialog serverId={serverId} dir={dir} onClose={() => setOpen(null)} />}
      {open?.kind === 'replace' && (
        <Dialog
          open
          onOpenChange={(o) => !o && setOpen(null)}
          title={t('files.replace.title')}
          description={t('files.replace.description', { names: new Intl.ListFormat(locale, { type: 'conjunction' }).format(open.existing) })}
        >
          <p className="text-sm text-muted">{t('files.replace.text')}</p>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <Button variant="ghost" onClick={() => setOpen(null)}>
              {t('common.cancel')}
            </Button>
            {open.files.length > open.existing.length && (
              <Button
                variant="outline"
                onClick={() => {
                  uploads.add(open.files.filter((f) => !open.existing.includes(f.name)), dir);
                  setOpen(null);
                }}
              >
                {t('files.replace.skip')}
              </Button>
            )}
            <Button
              autoFocus
              onClick={() => {
                uploads.add(open.files, dir);
                setOpen(null);
              }}
            >
              {t('files.replace.confirm')}
            </Button>
          </div>
        </Dialog>
      )}
      {guard.pending && (
        <Dialog open onOpenChange={(o) => !o && guard.stay()} title={t('files.discardTitle')} description={t('files.discardText', { name: baseName(draft?.path ?? '') })}>
          <div className="mt-2 flex flex-wrap justify-end gap-2">
            <Button variant="ghost" autoFocus onClick={guard.stay}>
              {t('files.keepEditing')}
            </Button>
            <Button variant="danger" onClick={() => guard.leave(() => setDraft(null))}>
              {t('files.discard')}
            </Button>
          </div>
        </Dialog>
      )}
    </div>
  );
}
