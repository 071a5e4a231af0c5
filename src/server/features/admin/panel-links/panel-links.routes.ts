import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  linkedPanelServerSchema,
  linkPanelServerSchema,
  simExistingServerSchema,
  unlinkedPanelServersSchema,
} from '../../../../shared/schemas/admin/panel-links';
import { actorOf } from '../../auth';
import { linkPanelServer, listUnlinkedPanelServers, type PanelLinkDeps } from './panel-links.service';
import { addSimExistingServer } from './sim-existing-server.service';

const tags = ['admin'];

/**
 * Servers a host already had on the game panel, linked to customers here (decision 050). Billing
 * and admins: linking sets what a customer pays, and the reason goes to the audit log.
 */
export function panelLinkRoutes(deps: PanelLinkDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/admin/panel-servers',
      {
        config: { permission: 'servers.manage' },
        schema: { tags, summary: 'Servers on the game panel that no service here stands on yet', response: { 200: unlinkedPanelServersSchema } },
      },
      async () => ({ servers: await listUnlinkedPanelServers(deps) }),
    );

    app.post(
      '/admin/panel-servers/link',
      {
        config: { permission: 'servers.manage' },
        schema: {
          tags,
          summary: 'Link a panel server to a customer with a plan, a price and the next renewal date; it then renews like one bought here',
          body: linkPanelServerSchema,
          response: { 201: linkedPanelServerSchema },
        },
      },
      async (request, reply) => reply.status(201).send(await linkPanelServer(deps, actorOf(request), request.body)),
    );

    app.post(
      '/admin/sim-panel/existing-servers',
      {
        config: { permission: 'servers.manage' },
        schema: {
          tags,
          summary: 'Simulated panel only: add a running server as if the host had made it there before this shop',
          body: simExistingServerSchema,
          response: { 201: z.object({ panelServerId: z.string() }) },
        },
      },
      async (request, reply) => reply.status(201).send(await addSimExistingServer(deps, request.body)),
    );
  };
}
