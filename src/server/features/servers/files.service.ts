import { MAX_EDIT_BYTES, MAX_UPLOAD_BYTES, type FileEntry, type FileList, type SftpDetails } from '../../../shared/schemas/server-files';
import { PanelError, type FileDownload, type PanelFileEntry } from '../../integrations/panel/game-panel';
import { HttpError } from '../../lib/errors';
import { manageable, onPanel, refuseWhileBusy, serverFor, type ManagementDeps } from './server-access';
import { panelAccountOf } from './server-management.repository';

const fileErrors: Record<string, [number, string]> = {
  file_not_found: [404, 'file_not_found'],
  file_exists: [409, 'file_exists'],
  bad_path: [400, 'bad_path'],
  too_large: [413, 'file_too_large'],
  disk_full: [413, 'disk_full'],
  not_text: [415, 'not_text'],
};

/** A file call on the panel: its file refusals become clear 4xx answers, the rest as every panel call. */
function onFiles<T>(deps: ManagementDeps, what: string, call: () => Promise<T>): Promise<T> {
  return onPanel(deps, what, async () => {
    try {
      return await call();
    } catch (error) {
      const mapped = error instanceof PanelError ? fileErrors[error.code] : undefined;
      if (mapped) throw new HttpError(mapped[0], mapped[1], error instanceof Error ? error.message : 'The file could not be used.');
      throw error;
    }
  });
}

const textExtensions = new Set([
  'txt', 'properties', 'json', 'json5', 'yml', 'yaml', 'toml', 'ini', 'cfg', 'conf', 'config', 'log', 'md', 'sh', 'bat',
  'xml', 'lua', 'js', 'ts', 'csv', 'env', 'html', 'css', 'sk', 'mcmeta', 'secret', 'lang', 'sql', 'py',
]);

function isEditable(entry: PanelFileEntry): boolean {
  if (entry.kind !== 'file' || entry.sizeBytes > MAX_EDIT_BYTES) return false;
  if (entry.mime && (entry.mime.startsWith('text/') || entry.mime === 'application/json' || entry.mime === 'inode/x-empty')) return true;
  const dot = entry.name.lastIndexOf('.');
  return dot === -1 ? entry.sizeBytes < 64 * 1024 : textExtensions.has(entry.name.slice(dot + 1).toLowerCase());
}

async function filesOf(deps: ManagementDeps, userId: string, serverId: string) {
  const access = await serverFor(deps.db, userId, serverId, 'files');
  return { access, ref: manageable(access.server) };
}

/** For a change: a file changed on the old server after a move's backup would be lost, so changes wait for the move. */
async function filesToChange(deps: ManagementDeps, userId: string, serverId: string) {
  const found = await filesOf(deps, userId, serverId);
  await refuseWhileBusy(deps.db, found.access.server.id);
  return found;
}

export async function listFiles(deps: ManagementDeps, userId: string, serverId: string, dir: string): Promise<FileList> {
  const { ref } = await filesOf(deps, userId, serverId);
  const entries = await onFiles(deps, 'list files', () => deps.panel.listFiles(ref, dir));
  const sorted = entries.sort((a, b) => (a.kind === b.kind ? a.name.localeCompare(b.name) : a.kind === 'folder' ? -1 : 1));
  return {
    path: dir,
    entries: sorted.map(
      (e): FileEntry => ({ name: e.name, path: e.path, kind: e.kind, sizeBytes: e.sizeBytes, modifiedAt: e.modifiedAt.toISOString(), editable: isEditable(e) }),
    ),
  };
}

export async function readFileContent(deps: ManagementDeps, userId: string, serverId: string, path: string) {
  const { ref } = await filesOf(deps, userId, serverId);
  return { path, content: await onFiles(deps, 'read file', () => deps.panel.readFile(ref, path, MAX_EDIT_BYTES)) };
}

export async function writeFileContent(deps: ManagementDeps, userId: string, serverId: string, path: string, content: string) {
  const { ref } = await filesToChange(deps, userId, serverId);
  await onFiles(deps, 'write file', () => deps.panel.writeFile(ref, path, content));
}

export async function renameFile(deps: ManagementDeps, userId: string, serverId: string, path: string, name: string) {
  const { ref } = await filesToChange(deps, userId, serverId);
  await onFiles(deps, 'rename file', () => deps.panel.renameFile(ref, path, name));
}

export async function deleteFiles(deps: ManagementDeps, userId: string, serverId: string, paths: string[]) {
  const { ref } = await filesToChange(deps, userId, serverId);
  await onFiles(deps, 'delete files', () => deps.panel.deleteFiles(ref, paths));
}

export async function createFolder(deps: ManagementDeps, userId: string, serverId: string, dir: string, name: string) {
  const { ref } = await filesToChange(deps, userId, serverId);
  await onFiles(deps, 'create folder', () => deps.panel.createFolder(ref, dir, name));
}

export async function uploadFile(
  deps: ManagementDeps,
  userId: string,
  serverId: string,
  input: { dir: string; name: string; body: NodeJS.ReadableStream; declaredBytes: number | null },
) {
  if (input.declaredBytes !== null && input.declaredBytes > MAX_UPLOAD_BYTES) {
    throw new HttpError(413, 'file_too_large', 'Files can be at most 100 MB: upload larger ones with SFTP.');
  }
  const { ref } = await filesToChange(deps, userId, serverId);
  await onFiles(deps, 'upload file', () => deps.panel.uploadFile(ref, input.dir, input.name, input.body, MAX_UPLOAD_BYTES));
}

export async function fileDownload(deps: ManagementDeps, userId: string, serverId: string, path: string): Promise<FileDownload> {
  const { ref } = await filesOf(deps, userId, serverId);
  return onFiles(deps, 'download file', () => deps.panel.fileDownload(ref, path));
}

export async function sftpDetails(deps: ManagementDeps, user: { id: string; email: string }, serverId: string): Promise<SftpDetails> {
  const { access, ref } = await filesOf(deps, user.id, serverId);
  const panelUserId = access.role === 'owner' ? await panelAccountOf(deps.db, user.id) : null;
  const details = await onPanel(deps, 'sftp details', () =>
    deps.panel.sftpDetails(ref, { panelUserId, username: access.share?.panelUsername ?? null, email: user.email }),
  );
  const canReset = Boolean(deps.panel.resetSftpPassword) && access.role === 'owner' && panelUserId !== null;
  return {
    ...details,
    canResetPassword: canReset,
    passwordHint: deps.panel.resetSftpPassword
      ? canReset
        ? 'Your game panel password. Reset it here to get a new one.'
        : 'Your game panel password, set from the game panel.'
      : 'This demo panel runs no SFTP server: use the file manager here.',
  };
}

export async function resetSftpPassword(deps: ManagementDeps, userId: string, serverId: string): Promise<{ password: string }> {
  await filesOf(deps, userId, serverId);
  const panelUserId = await panelAccountOf(deps.db, userId);
  if (!deps.panel.resetSftpPassword || !panelUserId) {
    throw new HttpError(409, 'sftp_unavailable', 'The SFTP password can only be reset on the game panel of your own servers.');
  }
  const reset = deps.panel.resetSftpPassword.bind(deps.panel);
  return { password: await onPanel(deps, 'reset sftp password', () => reset(panelUserId)) };
}
