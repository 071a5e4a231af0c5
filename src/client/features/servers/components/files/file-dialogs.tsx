import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { fileNameSchema } from '../../../../../shared/schemas/server-files';
import { Button } from '../../../../components/ui/button';
import { Dialog } from '../../../../components/ui/dialog';
import { Field, Input } from '../../../../components/ui/field';
import { useCreateFolder } from '../../api/create-folder';
import { useDeleteFiles } from '../../api/delete-files';
import type { FileEntry } from '../../api/get-files';
import { fieldMessage } from '../../../../lib/field-message';
import { translate, useT } from '../../../../lib/i18n';
import { useRenameFile } from '../../api/rename-file';
import { fileErrorMessage } from './file-errors';

function nameProblem(name: string): string | null {
  const parsed = fileNameSchema.safeParse(name);
  return parsed.success ? null : fieldMessage(parsed.error.issues[0]?.message ?? translate('files.name.invalid'));
}

/** One name field and a submit button: the shared name rules first, then the server's answer on the field. */
function NameForm({
  label,
  initial,
  submitLabel,
  busyLabel,
  busy,
  onSubmit,
  onCancel,
  error,
  setError,
}: {
  label: string;
  initial: string;
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  onSubmit: (name: string) => void;
  onCancel: () => void;
  error: string | null;
  setError: (error: string | null) => void;
}) {
  const t = useT();
  const [name, setName] = useState(initial);
  function submit(event: FormEvent) {
    event.preventDefault();
    const problem = nameProblem(name.trim());
    setError(problem);
    if (!problem) onSubmit(name.trim());
  }
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <Field label={label} error={error ?? undefined}>
        {({ id, describedBy }) => (
          <Input
            id={id}
            value={name}
            autoFocus
            autoComplete="off"
            spellCheck={false}
            maxLength={255}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            onFocus={(e) => {
              // Select the name without its extension, as file managers do.
              const dot = e.currentTarget.value.lastIndexOf('.');
              e.currentTarget.setSelectionRange(0, dot > 0 ? dot : e.currentTarget.value.length);
            }}
            onChange={(e) => setName(e.target.value)}
          />
        )}
      </Field>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="ghost" onClick={onCancel} disabled={busy}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? busyLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}

export function RenameDialog({ serverId, entry, onClose }: { serverId: string; entry: FileEntry; onClose: () => void }) {
  const t = useT();
  const rename = useRenameFile(serverId);
  const [error, setError] = useState<string | null>(null);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={t('files.renameName', { name: entry.name })} description={t('files.rename.description', { kind: entry.kind })}>
      <NameForm
        label={t('files.rename.label')}
        initial={entry.name}
        submitLabel={t('files.rename')}
        busyLabel={t('files.rename.busy')}
        busy={rename.isPending}
        error={error}
        setError={setError}
        onCancel={onClose}
        onSubmit={(name) => {
          if (name === entry.name) {
            setError(t('files.rename.same'));
            return;
          }
          rename.mutate(
            { path: entry.path, name },
            {
              onSuccess: () => {
                toast.success(t('files.rename.done'), { description: t('files.rename.doneText', { old: entry.name, name }) });
                onClose();
              },
              onError: (e) => setError(fileErrorMessage(e)),
            },
          );
        }}
      />
    </Dialog>
  );
}

export function NewFolderDialog({ serverId, dir, onClose }: { serverId: string; dir: string; onClose: () => void }) {
  const t = useT();
  const create = useCreateFolder(serverId);
  const [error, setError] = useState<string | null>(null);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={t('files.newFolder')} description={dir ? t('files.folder.descriptionIn', { dir }) : t('files.folder.descriptionRoot')}>
      <NameForm
        label={t('files.folder.label')}
        initial=""
        submitLabel={t('files.folder.create')}
        busyLabel={t('files.folder.creating')}
        busy={create.isPending}
        error={error}
        setError={setError}
        onCancel={onClose}
        onSubmit={(name) =>
          create.mutate(
            { path: dir, name },
            {
              onSuccess: () => {
                toast.success(t('files.folder.created'), { description: t('files.folder.createdText', { name }) });
                onClose();
              },
              onError: (e) => setError(fileErrorMessage(e)),
            },
          )
        }
      />
    </Dialog>
  );
}

export function DeleteDialog({ serverId, entry, onClose }: { serverId: string; entry: FileEntry; onClose: () => void }) {
  const t = useT();
  const remove = useDeleteFiles(serverId);
  const folder = entry.kind === 'folder';
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={folder ? t('files.delete.folderTitle', { name: entry.name }) : t('files.delete.fileTitle', { name: entry.name })}
      description={folder ? t('files.delete.folderText') : t('files.delete.fileText')}
    >
      <p className="text-sm text-muted">{t('files.delete.undo')}</p>
      {remove.isError && (
        <p role="alert" className="mt-4 rounded-lg border border-danger/40 bg-danger/10 p-3 text-sm">
          {fileErrorMessage(remove.error)}
        </p>
      )}
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <Button variant="ghost" autoFocus onClick={onClose} disabled={remove.isPending}>
          {t('files.delete.keep')}
        </Button>
        <Button
          variant="danger"
          disabled={remove.isPending}
          onClick={() =>
            remove.mutate([entry.path], {
              onSuccess: () => {
                toast.success(t('files.delete.done'), { description: t('files.delete.doneText', { name: entry.name }) });
                onClose();
              },
            })
          }
        >
          {remove.isPending ? t('files.delete.deleting') : t('files.delete')}
        </Button>
      </div>
    </Dialog>
  );
}
