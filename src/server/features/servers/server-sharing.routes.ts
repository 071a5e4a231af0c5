import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acceptInviteResponseSchema,
  acceptInviteSchema,
  invitePreviewSchema,
  shareInviteSchema,
  shareListSchema,
  shareResponseSchema,
  sharedWithMeSchema,
  shareUpdateSchema,
} from '../../../shared/schemas/server-sharing';
import { requestLocale } from '../../lib/request-locale';
import { requireUser, signedIn } from '../auth';
import {
  acceptInviteById,
  acceptInviteByToken,
  changeShare,
  inviteToServer,
  leaveServer,
  listShares,
  previewInvite,
  revokeShare,
  sharedWithMe,
  type SharingDeps,
} from './server-sharing.service';

const tags = ['servers'];
const params = z.object({ id: z.string().max(64) });
const shareParams = z.object({ id: z.string().max(64), shareId: z.uuid('Not a valid id') });
const perUser = (max: number, timeWindow: string) => ({
  rateLimit: { max, timeWindow, keyGenerator: (r: { user: { id: string } | null; ip: string }) => r.user?.id ?? r.ip },
});

/** Sharing a server with other people (subusers): the owner invites, changes and revokes; invitees accept. */
export function serverSharingRoutes(deps: SharingDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/servers/:id/shares',
      { onRequest: signedIn, schema: { tags, summary: 'Who the server is shared with (owner only)', params, response: { 200: shareListSchema } } },
      async (request) => ({ shares: await listShares(deps, requireUser(request).id, request.params.id) }),
    );

    app.post(
      '/servers/:id/shares',
      {
        onRequest: signedIn,
        config: perUser(20, '1 hour'),
        schema: { tags, summary: 'Invite a person by email with permissions; 409 already_shared', params, body: shareInviteSchema, response: { 201: shareResponseSchema } },
      },
      async (request, reply) => reply.status(201).send({ share: await inviteToServer(deps, requireUser(request), request.params.id, request.body, requestLocale(request)) }),
    );

    app.patch(
      '/servers/:id/shares/:shareId',
      { onRequest: signedIn, config: perUser(60, '1 hour'), schema: { tags, summary: "Change a person's permissions", params: shareParams, body: shareUpdateSchema, response: { 200: shareResponseSchema } } },
      async (request) => ({ share: await changeShare(deps, requireUser(request).id, request.params.id, request.params.shareId, request.body.permissions) }),
    );

    app.delete(
      '/servers/:id/shares/:shareId',
      { onRequest: signedIn, config: perUser(60, '1 hour'), schema: { tags, summary: "Revoke a person's access, or withdraw their invitation", params: shareParams } },
      async (request, reply) => {
        await revokeShare(deps, requireUser(request).id, request.params.id, request.params.shareId);
        return reply.status(204).send();
      },
    );

    app.delete(
      '/servers/:id/membership',
      { onRequest: signedIn, schema: { tags, summary: 'Leave a server shared with you', params } },
      async (request, reply) => {
        await leaveServer(deps, requireUser(request), request.params.id);
        return reply.status(204).send();
      },
    );

    app.get(
      '/shared-servers',
      { onRequest: signedIn, schema: { tags, summary: 'Servers shared with the signed-in person, and invitations to their address', response: { 200: sharedWithMeSchema } } },
      async (request) => sharedWithMe(deps, requireUser(request)),
    );

    app.get(
      '/shared-servers/invitations/:token',
      { onRequest: signedIn, schema: { tags, summary: 'What an emailed invitation offers', params: z.object({ token: z.string().max(200) }), response: { 200: invitePreviewSchema } } },
      async (request) => previewInvite(deps, requireUser(request), request.params.token),
    );

    app.post(
      '/shared-servers/accept',
      { onRequest: signedIn, config: perUser(20, '10 minutes'), schema: { tags, summary: 'Accept an emailed invitation (the account must have its address)', body: acceptInviteSchema, response: { 200: acceptInviteResponseSchema } } },
      async (request) => acceptInviteByToken(deps, requireUser(request), request.body.token),
    );

    app.post(
      '/shared-servers/invitations/:inviteId/accept',
      { onRequest: signedIn, config: perUser(20, '10 minutes'), schema: { tags, summary: 'Accept an invitation to your own address from My Services', params: z.object({ inviteId: z.string().max(64) }), response: { 200: acceptInviteResponseSchema } } },
      async (request) => acceptInviteById(deps, requireUser(request), request.params.inviteId),
    );
  };
}
