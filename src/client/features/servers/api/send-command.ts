import { useMutation } from '@tanstack/react-query';
import type { ConsoleCommand } from '../../../../shared/schemas/servers';
import { api } from '../../../lib/api-client';

export function sendCommand(id: string, command: string) {
  return api<void>(`/servers/${encodeURIComponent(id)}/command`, { method: 'POST', body: { command } satisfies ConsoleCommand });
}

/** The answer shows up as console output, so nothing cached changes. */
export function useSendCommand(id: string) {
  return useMutation({ mutationFn: (command: string) => sendCommand(id, command) });
}
