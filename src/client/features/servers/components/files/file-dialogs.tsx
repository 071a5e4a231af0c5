import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { fileNameSchema } from '../../../../../shared/schemas/server-files';
import { Button } from '../../../../components/ui/button';
import { Dialog } from '../../../../components/ui/dialog';
import { Field, Input } from '../../../../components/ui/field';
import { useCreateFolder } from '../../api/create-folder';
import { useDeleteFiles } from '../../api/delete-files';
import type { FileEntry } from '../../api/get-files';
import { useRenameFile } from '../../api/rename-file';
import { fileErrorMessage } from './file-errors';

function nameProblem(name: string): string | null {
  const parsed = fileNameSchema.safeParse(name);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Give a valid name');
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
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? busyLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}

export function RenameDialog({ serverId, entry, onClose }: { serverId: string; entry: FileEntry; onClose: () => void }) {
  const rename = useRenameFile(serverId);
  const [error, setError] = useState<string | null>(null);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={`Rename ${entry.name}`} description={`Give the ${entry.kind} a new name in the same folder.`}>
      <NameForm
        label="New name"
        initial={entry.name}
        submitLabel="Rename"
        busyLabel="Renaming..."
        busy={rename.isPending}
        error={error}
        setError={setError}
        onCancel={onClose}
        onSubmit={(name) => {
          if (name === entry.name) {
            setError('That is its name already: choose a different one.');
            return;
          }
          rename.mutate(
            { path: entry.path, name },
            {
              onSuccess: () => {
                toast.success('Renamed', { description: `${entry.name} is now ${name}.` });
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
  const create = useCreateFolder(serverId);
  const [error, setError] = useState<string | null>(null);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title="New folder" description={dir ? `It is created in ${dir}.` : 'It is created in the root folder.'}>
      <NameForm
        label="Folder name"
        initial=""
        submitLabel="Create folder"
        busyLabel="Creating..."
        busy={create.isPending}
        error={error}
        setError={setError}
        onCancel={onClose}
        onSubmit={(name) =>
          create.mutate(
            { path: dir, name },
            {
              onSuccess: () => {
                toast.success('Folder Created', { description: `${name} is ready.` });
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
  const remove = useDeleteFiles(serverId);
  const folder = entry.kind === 'folder';
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={folder ? `Delete the folder ${entry.name}?` : `Delete ${entry.name}?`}
      description={folder ? 'The folder and everything in it are deleted for good.' : 'The file is deleted for good.'}
    >
      <p className="text-sm text-muted">This cannot be undone. A backup made before now still holds it.</p>
      {remove.isError && (
        <p role="alert" className="mt-4 rounded-lg border border-danger/40 bg-danger/10 p-3 text-sm">
          {fileErrorMessage(remove.error)}
        </p>
      )}
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <Button variant="ghost" autoFocus onClick={onClose} disabled={remove.isPending}>
          Keep it
        </Button>
        <Button
          variant="danger"
          disabled={remove.isPending}
          onClick={() =>
            remove.mutate([entry.path], {
              onSuccess: () => {
                toast.success('Deleted', { description: `${entry.name} was deleted.` });
                onClose();
              },
            })
          }
        >
          {remove.isPending ? 'Deleting...' : 'Delete'}
        </Button>
      </div>
    </Dialog>
  );
}
