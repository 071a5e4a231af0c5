import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import type { GamePanel, PanelSftp } from '../../integrations/panel/game-panel';
import { sendTemplate, type EmailSendDeps } from '../emails';
import type { ServerRow } from './server-access';
import { panelAccountOf } from './server-management.repository';

export interface ServerReadyDeps extends EmailSendDeps {
  panel: Pick<GamePanel, 'sftpDetails'>;
  log?: { warn(obj: object, msg?: string): void };
}

/**
 * 'Your server is ready': where players connect and the SFTP host, port and username (never a
 * password), in the customer's language. Sent once per server, whatever retries the job makes.
 * A panel that gives no SFTP details (no panel account yet, no SFTP address) does not hold the
 * email back: it goes without the SFTP paragraph, under the same once-only key.
 */
export async function sendServerReady(deps: ServerReadyDeps, server: ServerRow): Promise<void> {
  if (!server.ip || !server.port || !server.panelServerId) return;
  const [recipient] = await deps.db.select({ email: users.email }).from(users).where(eq(users.id, server.userId));
  if (!recipient) return;
  const sftp = await sftpOf(deps, server, recipient.email);
  const address = `${server.ip}:${server.port}`;
  const common = { userId: server.userId, actionPath: '/dashboard/services', dedupeKey: `server-ready:${server.id}` };
  if (sftp) {
    await sendTemplate(deps, {
      ...common,
      template: 'serverReady',
      values: () => ({ server: server.name, address, sftpHost: sftp.host, sftpPort: String(sftp.port), sftpUsername: sftp.username }),
    });
  } else {
    await sendTemplate(deps, { ...common, template: 'serverReadyNoSftp', values: () => ({ server: server.name, address }) });
  }
}

async function sftpOf(deps: ServerReadyDeps, server: ServerRow, email: string): Promise<PanelSftp | null> {
  try {
    const sftp = await deps.panel.sftpDetails(
      { panelServerId: server.panelServerId!, identifier: server.panelIdentifier ?? '' },
      { panelUserId: await panelAccountOf(deps.db, server.userId), username: null, email },
    );
    return sftp?.host && sftp.port && sftp.username ? sftp : null;
  } catch (error) {
    deps.log?.warn({ err: error, serverId: server.id }, 'the panel gave no SFTP details; the server-ready email goes without them');
    return null;
  }
}
