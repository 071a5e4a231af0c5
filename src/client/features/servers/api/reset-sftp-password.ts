import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function resetSftpPassword(id: string) {
  return api<{ password: string }>(`/servers/${encodeURIComponent(id)}/sftp/password`, { method: 'POST' });
}

/** Sets a new random game panel (SFTP) password; the answer is the only time it is shown. */
export function useResetSftpPassword(id: string) {
  return useMutation({ mutationFn: () => resetSftpPassword(id) });
}
