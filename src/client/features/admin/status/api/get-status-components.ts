import { useQuery } from '@tanstack/react-query';
import type { PublicStatus } from '../../../../../shared/schemas/status';
import { api } from '../../../../lib/api-client';

/** GET /api/status, for the services (and panel nodes) a notice can name; the same key as the public page's. */
export function useStatusComponents() {
  return useQuery({ queryKey: ['status'], queryFn: () => api<PublicStatus>('/status'), select: (s) => s.components });
}
