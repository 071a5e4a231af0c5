import { MAX_UPLOAD_BYTES } from '../../../../../shared/schemas/server-files';
import { serverActionErrors } from '../../../../../shared/schemas/servers';
import { ApiError } from '../../../../lib/api-client';
import { fieldMessage, refusalMessage } from '../../../../lib/field-message';
import { translate } from '../../../../lib/i18n';
import { formatBytes } from '../../format';

export function uploadLimitText(): string {
  return translate('files.uploads.limit', { size: formatBytes(MAX_UPLOAD_BYTES) });
}

/**
 * A file manager refusal in words: the server's own for a 4xx (path rules, permissions, a missing
 * file), our fixed sentence when the game panel is down (a 503 whose text is ours, not internals),
 * and the upload limit when a proxy cut an upload off without a JSON answer.
 */
export function fileErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.code === 'panel_unavailable') return fieldMessage(serverActionErrors.panel_unavailable);
  if (error instanceof ApiError && error.status === 413 && error.code === 'http_error') return uploadLimitText();
  return refusalMessage(error);
}
