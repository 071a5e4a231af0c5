import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import type { GamePanel } from '../../integrations/panel/game-panel';
import { sendTemplate, type EmailSendDeps } from '../emails';
import type { ServerRow } from './server-access';
import { panelAccountOf } from './server-management.repository';

export interface ServerReadyDeps extends EmailSendDeps {
  panel: Pick<GamePanel, 'sftpDetails'>;
}

/**
 * 'Your server is ready': where players connect and the SFTP host, port and username (never a
 * password), in the customer's language. Sent once per server, whatever retries the job makes.
 */
export async function sendServerReady(deps: ServerReadyDeps, server: ServerRow): Promise<void> {
  if (!server.ip || !server.port || !server.panelServerId) return;
  const [recipient] = await deps.db.select({ email: users.email }).from(users).where(eq(users.id, server.userId));
  if (!recipient) return;
  const sftp = await deps.panel.sftpDetails(
    { panelServerId: server.panelServerId, identifier: server.panelIdentifier ?? '' },
    { panelUserId: await panelAccountOf(deps.db, server.userId), username: null, email: recipient.email },
  );
  const address = `${server.ip}:${server.port}`;
  await sendTemplate(deps, {
    userId: server.userId,
    template: 'serverReady',
    values: () => ({ server: server.name, address, sftpHost: sftp.host, sftpPort: String(sftp.port), sftpUsername: sftp.username }),
    actionPath: '/dashboard/services',
    dedupeKey: `server-ready:${server.id}`,
  });
}
