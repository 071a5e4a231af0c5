import { can, type Permission } from '../../../../shared/permissions';
import { useSession } from '../../../lib/session';

/** Whether the signed-in staff member's role allows this; the server checks it again. */
export function useCan(permission: Permission): boolean {
  const { user } = useSession();
  return can(user?.role, permission);
}
