import { ApiError } from '../../../lib/api-client';

export interface UploadInput {
  serverId: string;
  /** The folder, from the server's root ('' for the root). */
  dir: string;
  file: Blob;
  name: string;
  onProgress: (sentBytes: number, totalBytes: number) => void;
  signal?: AbortSignal;
}

/** Raised when the person cancels an upload: not an error to show. */
export class UploadCancelled extends Error {
  constructor() {
    super('The upload was cancelled.');
    this.name = 'UploadCancelled';
  }
}

function refusal(xhr: XMLHttpRequest): ApiError {
  let body: { error?: { code?: string; message?: string } } | undefined;
  try {
    body = JSON.parse(xhr.responseText) as typeof body;
  } catch {
    body = undefined;
  }
  return new ApiError(xhr.status, body?.error?.code ?? 'http_error', body?.error?.message ?? `The server answered ${xhr.status}`);
}

/**
 * Uploads one file as the raw body. XMLHttpRequest rather than fetch, because only it reports how
 * much of a request body has been sent.
 */
export function uploadFile({ serverId, dir, file, name, onProgress, signal }: UploadInput): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new UploadCancelled());
      return;
    }
    const xhr = new XMLHttpRequest();
    const query = `path=${encodeURIComponent(dir)}&name=${encodeURIComponent(name)}`;
    xhr.open('POST', `/api/servers/${encodeURIComponent(serverId)}/files/upload?${query}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('content-type', 'application/octet-stream');
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => onProgress(event.loaded, event.lengthComputable ? event.total : file.size);
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(file.size, file.size);
        resolve();
      } else {
        reject(refusal(xhr));
      }
    };
    xhr.onerror = () => reject(new ApiError(0, 'network', 'The upload was interrupted. Check your connection and try again.'));
    xhr.onabort = () => reject(new UploadCancelled());
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}
