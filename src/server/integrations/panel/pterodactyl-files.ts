import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { DISK_FULL_MESSAGE } from '../../../shared/schemas/server-files';
import { PanelError, type GamePanel, type PanelFileEntry, type PanelRef, type PanelSubusers } from './game-panel';
import type { PanelHttp } from './pterodactyl-http';
import type { PanelItem, PanelList } from './pterodactyl-types';

/**
 * Files, SFTP and subusers through the Client API (`/api/client/servers/{identifier}/files/*`,
 * `/users`), as Pterodactyl 1.11 routes them (routes/api-client.php): list, contents, write (raw
 * body), rename and delete with a root and names, create-folder, and signed node URLs for upload
 * and download. Wings keeps paths inside the server and refuses symlinks leading out; paths are
 * checked here first as well.
 */
interface FileAttributes {
  name: string;
  size: number;
  is_file: boolean;
  is_symlink: boolean;
  mimetype: string;
  modified_at: string;
}

interface SubuserAttributes {
  uuid: string;
  username: string;
  email: string;
}

type Files = Pick<
  GamePanel,
  'listFiles' | 'readFile' | 'writeFile' | 'renameFile' | 'deleteFiles' | 'createFolder' | 'uploadFile' | 'fileDownload' | 'sftpDetails' | 'resetSftpPassword'
>;

const enc = encodeURIComponent;
const abs = (rel: string) => `/${rel}`;
const parentOf = (rel: string) => rel.split('/').slice(0, -1).join('/');
const nameOf = (rel: string) => rel.split('/').at(-1) ?? rel;

/** What each of our permissions is on the panel (Permission::ACTION_*); websocket.connect is added by the panel. */
export const panelPermissionsFor: Record<string, readonly string[]> = {
  console: ['control.console'],
  power: ['control.start', 'control.stop', 'control.restart'],
  backups: ['backup.create', 'backup.read', 'backup.delete', 'backup.download'],
  files: ['file.create', 'file.read', 'file.read-content', 'file.update', 'file.delete', 'file.archive', 'file.sftp'],
  settings: ['schedule.read', 'schedule.create', 'schedule.update', 'schedule.delete', 'startup.read'],
};

function toPanelPermissions(ours: readonly string[]): string[] {
  return [...new Set(ours.flatMap((p) => panelPermissionsFor[p] ?? []))];
}

/** Wings' answer when a write or upload would pass the server's disk (router/middleware/request_error.go, ErrCodeDiskSpace). */
const WINGS_DISK_FULL = /not enough disk space/i;
const diskFull = () => new PanelError(DISK_FULL_MESSAGE, false, 'disk_full', 413);

/** Wings' upload refusal for a file over its api.upload_limit (router_server_files.go, postServerUploadFiles). */
const WINGS_UPLOAD_LIMIT = /larger than the maximum file upload size/i;
const uploadTooLarge = () => new PanelError('The file is larger than the game panel accepts: upload it with SFTP instead.', false, 'too_large', 413);

/**
 * Pelican relays no Wings refusal: a 500 names only the exception (see pterodactyl-http.ts). A
 * RequestException on a file call means Wings answered and said no, most often for a path that is
 * not there; a FileExistsException on a write is Wings' 400 (a full disk, a refused path, a folder).
 */
function pelicanFileError(error: PanelError, op: 'write' | 'other'): PanelError | null {
  if (error.code === 'file_not_found' || error.code === 'daemon_refused') return new PanelError('File not found.', false, 'file_not_found', 404);
  if (error.code === 'file_not_editable') return new PanelError('This is a folder or a special file: it cannot be opened as text.', false, 'not_text', 415);
  if (error.code === 'file_exists' && op === 'write') {
    return new PanelError('The game panel refused to save the file: the disk may be full, or the path is not allowed.', false, 'bad_path', 400);
  }
  if (error.code === 'file_exists') return new PanelError('A file or folder with that name already exists.', false, 'file_exists', 409);
  return null;
}

/** Wings' refusals arrive as the panel's DaemonConnectionException with Wings' status (404 missing, 400 refused) on Pterodactyl. */
function fileError(error: unknown, op: 'write' | 'other' = 'other'): never {
  const pelican = error instanceof PanelError ? pelicanFileError(error, op) : null;
  if (pelican) throw pelican;
  if (error instanceof PanelError && error.status === 404) throw new PanelError('No such file or folder.', false, 'file_not_found', 404);
  if (error instanceof PanelError && error.status === 400 && WINGS_DISK_FULL.test(error.message)) throw diskFull();
  if (error instanceof PanelError && error.status === 400 && /FileSizeTooLarge/i.test(error.message)) {
    throw new PanelError('The file is too large to edit here.', false, 'too_large', 413);
  }
  if (error instanceof PanelError && error.status === 400) {
    const detail = /remote host: (.*?)(?:\. \(request id|$)/.exec(error.message)?.[1];
    throw new PanelError(detail ? `The game panel refused: ${detail}.` : 'The game panel refused that path.', false, 'bad_path', 400);
  }
  throw error;
}

export function createPterodactylFiles(options: {
  client(): PanelHttp;
  application: PanelHttp;
  /** Streams a multipart upload to the node's signed URL (fetch in production). */
  fetchImpl?: typeof fetch;
  timeoutMs?: number;
}): Files & PanelSubusers {
  const base = (ref: PanelRef) => `/api/client/servers/${enc(ref.identifier)}`;
  const call = async <T>(run: () => Promise<T>, op: 'write' | 'other' = 'other'): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      fileError(error, op);
    }
  };

  return {
    async listFiles(ref, dir) {
      const list = await call(() => options.client().request<PanelList<FileAttributes>>('GET', `${base(ref)}/files/list?directory=${enc(abs(dir))}`));
      return list.data
        .map((d) => d.attributes)
        .filter((f) => !f.is_symlink)
        .map(
          (f): PanelFileEntry => ({
            name: f.name,
            path: dir ? `${dir}/${f.name}` : f.name,
            kind: f.is_file ? 'file' : 'folder',
            sizeBytes: f.is_file ? f.size : 0,
            modifiedAt: new Date(f.modified_at),
            mime: f.mimetype || null,
          }),
        );
    },

    async readFile(ref, path, maxBytes) {
      const text = await call(() => options.client().text('GET', `${base(ref)}/files/contents?file=${enc(abs(path))}`));
      if (Buffer.byteLength(text) > maxBytes) throw new PanelError('The file is too large to edit here.', false, 'too_large', 413);
      if (text.includes('\0')) throw new PanelError('This file is not text: download it instead.', false, 'not_text', 415);
      return text;
    },

    async writeFile(ref, path, content) {
      await call(() => options.client().text('POST', `${base(ref)}/files/write?file=${enc(abs(path))}`, content), 'write');
    },

    async renameFile(ref, path, newName) {
      await call(() =>
        options.client().request('PUT', `${base(ref)}/files/rename`, { root: abs(parentOf(path)), files: [{ from: nameOf(path), to: newName }] }),
      );
    },

    async deleteFiles(ref, paths) {
      // The panel deletes names within one root: group them by folder.
      const byRoot = new Map<string, string[]>();
      for (const p of paths) byRoot.set(parentOf(p), [...(byRoot.get(parentOf(p)) ?? []), nameOf(p)]);
      for (const [root, files] of byRoot) {
        await call(() => options.client().request('POST', `${base(ref)}/files/delete`, { root: abs(root), files })).catch((error: unknown) => {
          if (!(error instanceof PanelError && error.code === 'file_not_found')) throw error;
        });
      }
    },

    async createFolder(ref, dir, name) {
      await call(() => options.client().request('POST', `${base(ref)}/files/create-folder`, { root: abs(dir), name }));
    },

    async uploadFile(ref, dir, name, body, maxBytes) {
      const signed = await call(() => options.client().request<PanelItem<{ url: string }>>('GET', `${base(ref)}/files/upload`));
      // Wings takes multipart/form-data with the file in `files`; streamed, never held in memory.
      const boundary = `----spawnpoint${Math.random().toString(16).slice(2)}`;
      const head = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${name.replace(/["\r\n]/g, '_')}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      );
      const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
      let seen = 0;
      async function* parts() {
        yield head;
        for await (const chunk of body as AsyncIterable<Buffer>) {
          seen += chunk.length;
          if (seen > maxBytes) throw new PanelError('The file is larger than the upload limit.', false, 'too_large', 413);
          yield chunk;
        }
        yield tail;
      }
      const url = `${signed.attributes.url}&directory=${enc(abs(dir))}`;
      let response: Response;
      try {
        response = await (options.fetchImpl ?? fetch)(url, {
          method: 'POST',
          headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
          body: Readable.toWeb(Readable.from(parts())) as ReadableStream,
          duplex: 'half',
          signal: AbortSignal.timeout(options.timeoutMs ?? 10 * 60_000),
        } as RequestInit);
      } catch (error) {
        if (error instanceof PanelError) throw error;
        const cause = (error as { cause?: unknown }).cause;
        if (cause instanceof PanelError) throw cause;
        throw new PanelError(`upload: node unreachable (${(error as Error).message})`, true, 'panel_unreachable');
      }
      if (!response.ok) {
        const text = await response.text().catch(() => '');
        // Shown to the customer as it is (too_large): in words, without the node's answer.
        if (response.status === 413) throw uploadTooLarge();
        if (response.status === 400 && WINGS_UPLOAD_LIMIT.test(text)) throw uploadTooLarge();
        if (response.status === 400 && WINGS_DISK_FULL.test(text)) throw diskFull();
        throw new PanelError(`upload: the node answered ${response.status} ${text.slice(0, 200)}`, response.status >= 500, 'panel_error', response.status);
      }
    },

    async fileDownload(ref, path) {
      const signed = await call(() => options.client().request<PanelItem<{ url: string }>>('GET', `${base(ref)}/files/download?file=${enc(abs(path))}`));
      return { kind: 'redirect', url: signed.attributes.url };
    },

    async sftpDetails(ref, who) {
      const server = await options.client().request<PanelItem<{ sftp_details: { ip: string; port: number } }>>('GET', base(ref));
      let username = who.username;
      if (!username && who.panelUserId) {
        username = (await options.application.request<PanelItem<{ username: string }>>('GET', `/api/application/users/${enc(who.panelUserId)}`)).attributes.username;
      }
      if (!username) throw new PanelError('no panel account for SFTP yet', false, 'not_ready');
      return { host: server.attributes.sftp_details.ip, port: server.attributes.sftp_details.port, username: `${username}.${ref.identifier}` };
    },

    async resetSftpPassword(panelUserId) {
      const user = (
        await options.application.request<PanelItem<{ email: string; username: string; first_name: string; last_name: string; external_id: string | null }>>(
          'GET',
          `/api/application/users/${enc(panelUserId)}`,
        )
      ).attributes;
      const password = randomBytes(18).toString('base64url');
      // The Application API's update takes the whole user (User::getRulesForUpdate).
      await options.application.request('PATCH', `/api/application/users/${enc(panelUserId)}`, {
        email: user.email,
        username: user.username,
        first_name: user.first_name,
        last_name: user.last_name,
        external_id: user.external_id,
        password,
      });
      return password;
    },

    async addSubuser(ref, input) {
      const created = await options.client().request<PanelItem<SubuserAttributes>>('POST', `${base(ref)}/users`, {
        email: input.email,
        permissions: toPanelPermissions(input.permissions),
      });
      return { id: created.attributes.uuid, username: created.attributes.username };
    },

    async updateSubuser(ref, subuserId, permissions) {
      await options.client().request('POST', `${base(ref)}/users/${enc(subuserId)}`, { permissions: toPanelPermissions(permissions) });
    },

    async removeSubuser(ref, subuserId) {
      try {
        await options.client().request('DELETE', `${base(ref)}/users/${enc(subuserId)}`);
      } catch (error) {
        if (!(error instanceof PanelError && error.code === 'not_found')) throw error;
      }
    },
  };
}
