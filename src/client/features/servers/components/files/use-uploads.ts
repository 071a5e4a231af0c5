import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { fileNameSchema, MAX_UPLOAD_BYTES } from '../../../../../shared/schemas/server-files';
import { folderKey } from '../../api/get-files';
import { uploadFile, UploadCancelled } from '../../api/upload-file';
import { formatBytes } from '../../format';
import { fieldMessage } from '../../../../lib/field-message';
import { translate } from '../../../../lib/i18n';
import { fileErrorMessage } from './file-errors';

export interface Upload {
  id: number;
  name: string;
  dir: string;
  sizeBytes: number;
  status: 'waiting' | 'uploading' | 'done' | 'failed' | 'cancelled';
  sentBytes: number;
  /** Why it failed, in words. */
  message?: string;
}

/** Why a file is refused before anything is sent, or null. */
export function uploadProblem(file: { name: string; size: number }): string | null {
  if (file.size > MAX_UPLOAD_BYTES) return translate('files.uploads.tooBig', { size: formatBytes(file.size), limit: formatBytes(MAX_UPLOAD_BYTES) });
  const name = fileNameSchema.safeParse(file.name);
  return name.success ? null : fieldMessage(name.error.issues[0]?.message ?? translate('files.uploads.badName'));
}

/**
 * The upload queue: files go one after another (each with its progress), so a slow line is not
 * shared between several; each finished one refreshes its folder. Too-large files and bad names
 * are refused at once, without sending a byte.
 */
export function useUploads(serverId: string, onFinished: (upload: Upload) => void) {
  const queryClient = useQueryClient();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const files = useRef(new Map<number, File>());
  const current = useRef<{ id: number; abort: AbortController } | null>(null);
  const nextId = useRef(1);
  const finished = useRef(onFinished);
  useEffect(() => {
    finished.current = onFinished;
  });

  const update = useCallback((id: number, change: Partial<Upload>) => {
    setUploads((list) => list.map((u) => (u.id === id ? { ...u, ...change } : u)));
  }, []);

  const add = useCallback((picked: File[], dir: string) => {
    const added: Upload[] = picked.map((file) => {
      const id = nextId.current++;
      const problem = uploadProblem(file);
      if (!problem) files.current.set(id, file);
      return { id, name: file.name, dir, sizeBytes: file.size, sentBytes: 0, status: problem ? 'failed' : 'waiting', message: problem ?? undefined };
    });
    setUploads((list) => [...list, ...added]);
    for (const refused of added.filter((u) => u.status === 'failed')) finished.current(refused);
  }, []);

  // Start the next waiting file once nothing is being sent.
  const next = uploads.find((u) => u.status === 'waiting');
  const busy = uploads.some((u) => u.status === 'uploading');
  useEffect(() => {
    if (busy || !next || current.current) return;
    const file = files.current.get(next.id);
    if (!file) return;
    const abort = new AbortController();
    current.current = { id: next.id, abort };
    update(next.id, { status: 'uploading' });
    uploadFile({
      serverId,
      dir: next.dir,
      file,
      name: next.name,
      signal: abort.signal,
      onProgress: (sent) => update(next.id, { sentBytes: Math.min(sent, next.sizeBytes) }),
    })
      .then(
        async () => {
          const done = { ...next, status: 'done' as const, sentBytes: next.sizeBytes };
          update(next.id, done);
          finished.current(done);
          await queryClient.invalidateQueries({ queryKey: folderKey(serverId, next.dir) });
        },
        (error: unknown) => {
          if (error instanceof UploadCancelled) {
            update(next.id, { status: 'cancelled' });
            return;
          }
          const failed = { ...next, status: 'failed' as const, message: fileErrorMessage(error) };
          update(next.id, failed);
          finished.current(failed);
        },
      )
      .finally(() => {
        files.current.delete(next.id);
        if (current.current?.id === next.id) current.current = null;
      });
  }, [busy, next, serverId, update, queryClient]);

  // Leaving the page stops what is still being sent.
  useEffect(() => () => current.current?.abort.abort(), []);

  const cancel = useCallback(
    (id: number) => {
      if (current.current?.id === id) current.current.abort.abort();
      else {
        files.current.delete(id);
        update(id, { status: 'cancelled' });
      }
    },
    [update],
  );

  const clearFinished = useCallback(() => setUploads((list) => list.filter((u) => u.status === 'waiting' || u.status === 'uploading')), []);

  return { uploads, add, cancel, clearFinished, active: uploads.some((u) => u.status === 'waiting' || u.status === 'uploading') };
}
